// Single-stream compression with scalar rounds and schedule: the reference,
// and what the scalar module uses for every message longer than 64 bytes.
#include "rounds.h"

namespace sha256 {

void compress_scalar(uint32_t state[8], const uint8_t* blocks, size_t nblocks) {
  for (; nblocks > 0; nblocks--, blocks += 64) {
    uint32_t w[16];
    for (int i = 0; i < 16; i++) w[i] = load_be32(blocks + 4 * i);
    compress_words(state, w);
  }
}

}  // namespace sha256
