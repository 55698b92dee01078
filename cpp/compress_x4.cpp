// The lanes module: four streams at once, stream j in lane j of every vector.
// compress_x4 runs 16 rounds an iteration with the message ring in locals;
// hash64_x4 and the many module's digest_many run on it. Apart from the core,
// since digest() never needs it (docs/performance-notes.md, "Module sizes").
#include "rounds.h"

#ifndef SHA256_SIMD128
#error "compress_x4.cpp needs the simd128 intrinsics (-msimd128, or -DSHA256_SIMDE natively)"
#endif

namespace sha256 {

namespace {

// Transposes a 4x4 matrix of 32-bit words held in r[0..3].
SHA256_INLINE void transpose4(v128_t r[4]) {
  v128_t t0 = wasm_i32x4_shuffle(r[0], r[1], 0, 4, 1, 5);
  v128_t t1 = wasm_i32x4_shuffle(r[0], r[1], 2, 6, 3, 7);
  v128_t t2 = wasm_i32x4_shuffle(r[2], r[3], 0, 4, 1, 5);
  v128_t t3 = wasm_i32x4_shuffle(r[2], r[3], 2, 6, 3, 7);
  r[0] = wasm_i64x2_shuffle(t0, t2, 0, 2);
  r[1] = wasm_i64x2_shuffle(t0, t2, 1, 3);
  r[2] = wasm_i64x2_shuffle(t1, t3, 0, 2);
  r[3] = wasm_i64x2_shuffle(t1, t3, 1, 3);
}

}  // namespace

// Out of line, so that hash64_x4 keeps one copy of it.
SHA256_INTERNAL void compress_x4(v128_t state[8], const uint8_t* const blocks[4]) {
  // w[4q + j] = word 4q + j of blocks[j], big-endian.
  v128_t w[16];
  for (int q = 0; q < 4; q++) {
    for (int j = 0; j < 4; j++) w[4 * q + j] = wasm_v128_load(blocks[j] + 16 * q);
    transpose4(w + 4 * q);
  }
  for (int i = 0; i < 16; i++) w[i] = bswap32(w[i]);
  compress_words<16>(state, w);
}

SHA256_INTERNAL void hash64_x4(uint8_t* out, const uint8_t* in, size_t count) {
  for (size_t g = count / 4; g > 0; g--, in += 256, out += 128) {
    const uint8_t* const blocks[4] = {in, in + 64, in + 128, in + 192};
    v128_t state[8];
    for (int i = 0; i < 8; i++) state[i] = wasm_i32x4_splat(tables().iv[i]);
    compress_x4(state, blocks);
    compress_pad64(state);
    // Back to one digest per message: words 0..3 then 4..7 of each lane.
    for (int half = 0; half < 2; half++) {
      v128_t r[4];
      for (int j = 0; j < 4; j++) r[j] = state[4 * half + j];
      transpose4(r);
      for (int j = 0; j < 4; j++) wasm_v128_store(out + 32 * j + 16 * half, bswap32(r[j]));
    }
  }
  // One message left goes to the core's hash64_x1; two or three to one more
  // pass over a zero-padded copy, about the time of two on hash64_x1
  // (performance-notes).
  size_t rest = count % 4;
  if (rest < 2) {
    ::hash64_x1(out, in, uint32_t(rest));
    return;
  }
  alignas(16) uint8_t block[256] = {};
  memcpy(block, in, 64 * rest);
  hash64_x4(block, block, 4);
  memcpy(out, block, 32 * rest);
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
