// hash64_x4: four messages at once, message j in 32-bit lane j of every
// vector. Counts that are not a multiple of 4 finish on hash64_x1.
#include "rounds.h"

#ifndef SHA256_SIMD128
#error "hash64_x4.cpp needs the simd128 intrinsics (-msimd128, or -DSHA256_SIMDE natively)"
#endif

namespace sha256 {

void hash64_x4(uint8_t* out, const uint8_t* in, size_t count) {
  for (size_t g = count / 4; g > 0; g--, in += 256, out += 128) {
    // w[4q + i] gathers word 4q + i of the four messages.
    v128_t w[16];
    for (int q = 0; q < 4; q++) {
      for (int j = 0; j < 4; j++) w[4 * q + j] = wasm_v128_load(in + 64 * j + 16 * q);
      transpose4(w + 4 * q);
    }
    for (int i = 0; i < 16; i++) w[i] = bswap32(w[i]);
    v128_t state[8];
    for (int i = 0; i < 8; i++) state[i] = wasm_i32x4_splat(IV[i]);
    compress_words(state, w);
    compress_pad64(state);
    // Back to one digest per message: words 0..3 then 4..7 of each lane.
    for (int half = 0; half < 2; half++) {
      v128_t* r = state + 4 * half;
      transpose4(r);
      for (int j = 0; j < 4; j++) wasm_v128_store(out + 32 * j + 16 * half, bswap32(r[j]));
    }
  }
  hash64_x4_rest<hash64_x4>(out, in, count % 4);
}

}  // namespace sha256
