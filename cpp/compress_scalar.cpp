// One stream, scalar rounds and schedule: the portable build's only
// compression and JavaScriptCore's in the SIMD module (js/core/engine.js).
// 16 rounds an iteration in wasm, 8 in the portable build: each the faster
// there (docs/performance-notes.md, "The kernels' code shape").
#include "rounds.h"

namespace sha256 {

#ifdef SHA256_SIMD128
constexpr int kUnroll = 16;
#else
constexpr int kUnroll = 8;
#endif

void compress_scalar(uint32_t state[8], const uint8_t* blocks, size_t nblocks) {
  for (; nblocks > 0; nblocks--, blocks += 64) {
    uint32_t w[16];
    for (int i = 0; i < 16; i++) w[i] = load_be32(blocks + 4 * i);
    compress_words<kUnroll>(state, w);
  }
}

}  // namespace sha256
