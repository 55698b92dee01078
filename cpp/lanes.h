// Lane types for the round function in rounds.h: uint32_t hashes one message,
// v128_t four messages, one per 32-bit lane. Each provides +, ^ and & as
// operators and the overloads below, declared before the templates use them.
#pragma once
#include "sha256.h"

#ifdef __wasm_simd128__
#include <wasm_simd128.h>
#endif

namespace sha256 {

inline uint32_t shr(uint32_t x, int n) { return x >> n; }
inline uint32_t rotr(uint32_t x, int n) { return (x >> n) | (x << (32 - n)); }
inline uint32_t ch(uint32_t e, uint32_t f, uint32_t g) { return (e & f) ^ (~e & g); }
inline uint32_t maj(uint32_t a, uint32_t b, uint32_t c) { return (a & b) ^ (a & c) ^ (b & c); }
inline uint32_t splat(uint32_t x, uint32_t) { return x; }

#ifdef __wasm_simd128__
inline v128_t shr(v128_t x, int n) { return wasm_u32x4_shr(x, n); }
// simd128 has no rotate: two shifts and an or.
inline v128_t rotr(v128_t x, int n) { return wasm_v128_or(wasm_u32x4_shr(x, n), wasm_i32x4_shl(x, 32 - n)); }
// bitselect is one wasm instruction for (f & e) | (g & ~e).
inline v128_t ch(v128_t e, v128_t f, v128_t g) { return wasm_v128_bitselect(f, g, e); }
// Where a and b agree the majority is their bit, elsewhere it is c's.
inline v128_t maj(v128_t a, v128_t b, v128_t c) { return wasm_v128_bitselect(c, b, wasm_v128_xor(a, b)); }
inline v128_t splat(uint32_t x, v128_t) { return wasm_i32x4_splat(x); }
#endif

}  // namespace sha256
