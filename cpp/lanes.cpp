// The lanes module's shared part: the message words of four blocks, and
// hash64 on either 4-lane shape, one copy of each for x4 (compress_x4.cpp)
// and x4m (compress_x4m.cpp) (docs/performance-notes.md, "Module sizes").
#include "lanes.h"

#ifndef SHA256_SIMD128
#error "lanes.cpp needs the simd128 intrinsics (-msimd128, or -DSHA256_SIMDE natively)"
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

// hash64 on a 4-lane shape, x4m if m: four messages at once, then the
// padding block. It hashes two or three left-over messages by calling
// itself, which keeps one copy of the loop (performance-notes).
SHA256_INTERNAL void hash64_lanes(uint8_t* out, const uint8_t* in, size_t count, bool m) {
  for (size_t g = count / 4; g > 0; g--, in += 256, out += 128) {
    const uint8_t* const blocks[4] = {in, in + 64, in + 128, in + 192};
    v128_t s[8];
    for (int i = 0; i < 8; i++) s[i] = wasm_i32x4_splat(tables().iv[i]);
    if (m) {
      compress_x4m(s, blocks);
      pad_x4m(s);
    } else {
      compress_x4(s, blocks);
      pad_x4(s);
    }
    // Back to one digest per message: words 0..3 then 4..7 of each lane. This
    // loop and load_x4's stay rolled: fewer bytes at the same speed
    // (performance-notes, "Module sizes").
    _Pragma("clang loop unroll(disable)") for (int half = 0; half < 2; half++) {
      v128_t r[4];
      for (int j = 0; j < 4; j++) r[j] = s[4 * half + j];
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
  hash64_lanes(block, block, 4, m);
  memcpy(out, block, 32 * rest);
}

}  // namespace

void load_x4(v128_t w[16], const uint8_t* const blocks[4]) {
  _Pragma("clang loop unroll(disable)") for (int q = 0; q < 4; q++) {
    v128_t r[4];
    for (int j = 0; j < 4; j++) r[j] = bswap32(wasm_v128_load(blocks[j] + 16 * q));
    transpose4(r);
    for (int j = 0; j < 4; j++) w[4 * q + j] = r[j];
  }
}

}  // namespace sha256

void hash64_x4(uint8_t* out, const uint8_t* in, uint32_t count) {
  SHA256_ENTER();
  sha256::hash64_lanes(out, in, count, false);
}

void hash64_x4m(uint8_t* out, const uint8_t* in, uint32_t count) {
  SHA256_ENTER();
  sha256::hash64_lanes(out, in, count, true);
}
