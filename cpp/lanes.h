// What the two 4-lane shapes (compress_x4.cpp, compress_x4m.cpp) share: the
// message words of four blocks and hash64 (lanes.cpp), and x4m's lane type,
// v128m. Stream j is in 32-bit lane j of every vector.
#pragma once
#include "rounds.h"

#ifndef SHA256_SIMD128
#error "lanes.h needs the simd128 intrinsics (-msimd128, or -DSHA256_SIMDE natively)"
#endif

namespace sha256 {

// w[4q + j] = word 4q + j of blocks[j], big-endian (lanes.cpp): out of line,
// one copy for both shapes (docs/performance-notes.md, "Module sizes").
void load_x4(v128_t w[16], const uint8_t* const blocks[4]);

// Each shape's compression of four blocks, and of the block that pads a
// 64-byte message.
Compress4Kernel compress_x4;
void pad_x4(v128_t state[8]);
Compress4Kernel compress_x4m;
void pad_x4m(v128_t state[8]);

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

}  // namespace sha256
