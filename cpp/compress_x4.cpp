// The lanes module: four streams at once, stream j in lane j of every vector,
// apart from the core since digest() never needs it (docs/performance-notes.md,
// "Module sizes"). x4 runs 16 rounds an iteration with the message ring in
// locals; the other shape, x4m, is in compress_x4m.cpp, and what both share in
// lanes.cpp.
#include "lanes.h"

#ifndef SHA256_SIMD128
#error "compress_x4.cpp needs the simd128 intrinsics (-msimd128, or -DSHA256_SIMDE natively)"
#endif

namespace sha256 {

// Out of line, so that hash64 and digest_many share one copy of it. Without
// blocks, the block that pads a 64-byte message, whose K + W the rounds
// take with the schedule skipped: one copy of the rounds for both blocks.
SHA256_INTERNAL void compress_x4(v128_t state[8], const uint8_t* const blocks[4]) {
  v128_t w[16];
  const bool pad = blocks == nullptr;
  if (pad) {
    for (auto& x : w) x = wasm_i32x4_splat(0);
  } else {
    load_x4(w, blocks);
  }
  compress_words(state, w, pad);
}

SHA256_INTERNAL void pad_x4(v128_t state[8]) { compress_x4(state, nullptr); }

}  // namespace sha256

void compress_x4(v128_t* state, const uint8_t* const* blocks) {
  SHA256_ENTER();
  sha256::compress_x4(state, blocks);
}
