// What the two 4-lane shapes share (compress_x4.cpp, compress_x4m.cpp): the
// message words of four blocks, hash64 on a 4-lane compression, and x4m's
// lane type, v128m. Stream j is in 32-bit lane j of every vector.
#pragma once
#include "rounds.h"

#ifndef SHA256_SIMD128
#error "lanes.h needs the simd128 intrinsics (-msimd128, or -DSHA256_SIMDE natively)"
#endif

namespace sha256 {

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

// w[4q + j] = word 4q + j of blocks[j], big-endian.
SHA256_INLINE void load_x4(v128_t w[16], const uint8_t* const blocks[4]) {
  for (int q = 0; q < 4; q++) {
    for (int j = 0; j < 4; j++) w[4 * q + j] = wasm_v128_load(blocks[j] + 16 * q);
    transpose4(w + 4 * q);
  }
  for (int i = 0; i < 16; i++) w[i] = bswap32(w[i]);
}

// v128m: v128_t lanes whose left shifts are multiplications by 2^n, one
// instruction in JavaScriptCore, where a shift by a constant is four. 2^n is a
// volatile load: clang neither makes it a shift again nor hoists the 2^n
// vectors into locals, which Bun spilled (docs/performance-notes.md).
struct v128m {
  v128_t v;
};
SHA256_INLINE v128m operator+(v128m a, v128m b) { return {a.v + b.v}; }
SHA256_INLINE v128m operator^(v128m a, v128m b) { return {a.v ^ b.v}; }
SHA256_INLINE v128m operator&(v128m a, v128m b) { return {a.v & b.v}; }
SHA256_INLINE v128_t shl_mul(v128_t x, int n) {
  return wasm_i32x4_mul(x, *reinterpret_cast<const volatile v128_t*>(tables().pow2_x4[n]));
}
SHA256_INLINE v128m shr(v128m x, int n) { return {wasm_u32x4_shr(x.v, n)}; }
SHA256_INLINE v128m rotr(v128m x, int n) { return {wasm_v128_or(wasm_u32x4_shr(x.v, n), shl_mul(x.v, 32 - n))}; }
SHA256_INLINE v128m ch(v128m e, v128m f, v128m g) { return {ch(e.v, f.v, g.v)}; }
SHA256_INLINE v128m splat(uint32_t x, v128m) { return {wasm_i32x4_splat(x)}; }
SHA256_INLINE v128m maj(v128m a, v128m b, v128m c, v128m ab, v128m bc) { return {maj(a.v, b.v, c.v, ab.v, bc.v)}; }

// hash64 on the 4-lane compression compress4: four messages at once, then
// the padding block, pad, in compress4's shape.
// `self` is the kernel this builds: it hashes two or three left-over
// messages, which keeps one copy of the loop (performance-notes).
template <Compress4Kernel* compress4, void (*pad)(v128_t[8]), void (*self)(uint8_t*, const uint8_t*, size_t)>
SHA256_INLINE void hash64_lanes(uint8_t* out, const uint8_t* in, size_t count) {
  for (size_t g = count / 4; g > 0; g--, in += 256, out += 128) {
    const uint8_t* const blocks[4] = {in, in + 64, in + 128, in + 192};
    v128_t s[8];
    for (int i = 0; i < 8; i++) s[i] = wasm_i32x4_splat(tables().iv[i]);
    compress4(s, blocks);
    pad(s);
    // Back to one digest per message: words 0..3 then 4..7 of each lane.
    for (int half = 0; half < 2; half++) {
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
  self(block, block, 4);
  memcpy(out, block, 32 * rest);
}

}  // namespace sha256
