// The lanes module: four streams at once, stream j in lane j of every vector,
// apart from the core since digest() never needs it (docs/performance-notes.md,
// "Module sizes"). x4 runs 16 rounds an iteration with the message ring in
// locals; the other shape, x4m, is in compress_x4m.cpp.
#include "lanes.h"

#ifndef SHA256_SIMD128
#error "compress_x4.cpp needs the simd128 intrinsics (-msimd128, or -DSHA256_SIMDE natively)"
#endif

namespace sha256 {

// Out of line, so that hash64_x4 keeps one copy of it.
SHA256_INTERNAL void compress_x4(v128_t state[8], const uint8_t* const blocks[4]) {
  v128_t w[16];
  load_x4(w, blocks);
  compress_words(state, w);
}

namespace {
void pad_x4(v128_t state[8]) { compress_pad64(state); }
}  // namespace

SHA256_INTERNAL void hash64_x4(uint8_t* out, const uint8_t* in, size_t count) {
  hash64_lanes<compress_x4, pad_x4, hash64_x4>(out, in, count);
}

}  // namespace sha256

void compress_x4(v128_t* state, const uint8_t* const* blocks) {
  SHA256_ENTER();
  sha256::compress_x4(state, blocks);
}

void hash64_x4(uint8_t* out, const uint8_t* in, uint32_t count) {
  SHA256_ENTER();
  sha256::hash64_x4(out, in, count);
}
