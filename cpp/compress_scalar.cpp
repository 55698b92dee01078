// One stream, scalar rounds and schedule: JavaScriptCore's in the SIMD
// module (js/core/engine.js), and the only one of a native build without
// simd128 (test/native/). 16 rounds an iteration, the faster in the jsc shell
// (docs/performance-notes.md, "The kernels' code shape").
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
