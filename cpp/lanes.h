// Lane types for the round function in rounds.h: uint32_t hashes one message,
// v128_t four messages, one per 32-bit lane. Each provides +, ^ and & as
// operators and the overloads below, declared before the templates use them.
#pragma once
#include "sha256.h"

namespace sha256 {

inline uint32_t shr(uint32_t x, int n) { return x >> n; }
inline uint32_t rotr(uint32_t x, int n) { return (x >> n) | (x << (32 - n)); }
// Three operations instead of the four of (e & f) ^ (~e & g), for a shorter
// round (docs/performance-notes.md, "The kernels' code shape").
inline uint32_t ch(uint32_t e, uint32_t f, uint32_t g) { return g ^ (e & (f ^ g)); }
inline uint32_t splat(uint32_t x, uint32_t) { return x; }
// Maj(a, b, c) given ab = a ^ b and bc = b ^ c, as (a & (b ^ c)) + (b & c): the two terms
// share no set bit, so + is |, and Maj is two operations deep from a, not
// three as in b ^ ((a ^ b) & (b ^ c)). V8 13.6 (Node 24) then keeps the
// rounds in registers (docs/performance-notes.md, "The kernels' code shape").
inline uint32_t maj(uint32_t a, uint32_t b, uint32_t c, uint32_t, uint32_t bc) { return (a & bc) + (b & c); }

#ifdef SHA256_SIMD128
inline v128_t shr(v128_t x, int n) { return wasm_u32x4_shr(x, n); }
// simd128 has no rotate: two shifts and an or.
inline v128_t rotr(v128_t x, int n) { return wasm_v128_or(wasm_u32x4_shr(x, n), wasm_i32x4_shl(x, 32 - n)); }
// bitselect is one wasm instruction for (f & e) | (g & ~e).
inline v128_t ch(v128_t e, v128_t f, v128_t g) { return wasm_v128_bitselect(f, g, e); }
inline v128_t splat(uint32_t x, v128_t) { return wasm_i32x4_splat(x); }
// Maj(a, b, c) given ab = a ^ b and bc = b ^ c: where a and b agree it is
// their bit, elsewhere c's. Two operations here and the xor for ab, which the
// next round reuses as its bc, not four (docs/performance-notes.md, "The
// kernels' code shape").
inline v128_t maj(v128_t, v128_t b, v128_t, v128_t ab, v128_t bc) { return b ^ (ab & bc); }
// Lane i of x, i a constant once loops are unrolled. Taken from a 64-bit lane
// (vmovq/vpextrq and a shift in V8, not vpextrd), the faster extraction
// (docs/performance-notes.md, "The kernels' code shape").
using i64x2 = int64_t __attribute__((vector_size(16)));
inline uint32_t lane(v128_t x, int i) { return uint32_t(uint64_t(((i64x2)x)[i / 2]) >> (32 * (i % 2))); }

// v128m: four lanes as in v128_t, for the 4-lane kernel that JavaScriptCore
// runs (compress_x4m.cpp). JavaScriptCore (WebKitGTK 2.50, Bun 1.4.5) compiles
// an i32x4 shift by a constant as four instructions: the count moved to a
// general register, and'ed with 31, moved to an xmm register, then a shift by
// register. A left shift by n here is therefore a multiplication by 2^n, one
// vpmulld with the 2^n vector loaded from kPow2x4, the faster there. The load
// is volatile, so that clang neither folds the multiplication back into a
// shift nor hoists the ten 2^n vectors out of the rounds into locals, which
// Bun then spilled. V8 keeps its one-instruction shifts: there hash64_x4m is
// the slower and is not used (docs/performance-notes.md, "The kernels' code
// shape").
struct v128m {
  v128_t v;
};

// Tables of 32-bit words, each word repeated in the four lanes of a vector.
template <int N>
struct Lanes4 {
  alignas(16) uint32_t lanes[N][4];
};
template <int N>
constexpr Lanes4<N> lanes4(const uint32_t* words) {
  Lanes4<N> t{};
  for (int i = 0; i < N; i++) {
    for (int j = 0; j < 4; j++) t.lanes[i][j] = words[i];
  }
  return t;
}
constexpr Lanes4<32> make_pow2x4() {
  uint32_t pow2[32] = {};
  for (int n = 0; n < 32; n++) pow2[n] = 1u << n;
  return lanes4<32>(pow2);
}
// kPow2x4.lanes[n]: 2^n in each lane.
inline constexpr Lanes4<32> kPow2x4 = make_pow2x4();
// kKx4.lanes[t]: K[t] in each lane. hash64_x4m adds these loaded, not K[t]
// loaded and splatted (two instructions in JavaScriptCore), the faster there
// (docs/performance-notes.md, "The kernels' code shape").
inline constexpr Lanes4<64> kKx4 = lanes4<64>(K);

inline v128m operator+(v128m a, v128m b) { return {a.v + b.v}; }
inline v128m operator^(v128m a, v128m b) { return {a.v ^ b.v}; }
inline v128m operator&(v128m a, v128m b) { return {a.v & b.v}; }
inline v128_t shl_mul(v128_t x, int n) { return wasm_i32x4_mul(x, *(const volatile v128_t*)kPow2x4.lanes[n]); }
inline v128m shr(v128m x, int n) { return {wasm_u32x4_shr(x.v, n)}; }
inline v128m rotr(v128m x, int n) { return {wasm_v128_or(wasm_u32x4_shr(x.v, n), shl_mul(x.v, 32 - n))}; }
inline v128m ch(v128m e, v128m f, v128m g) { return {ch(e.v, f.v, g.v)}; }
inline v128m splat(uint32_t x, v128m) { return {wasm_i32x4_splat(x)}; }
inline v128m maj(v128m a, v128m b, v128m c, v128m ab, v128m bc) { return {maj(a.v, b.v, c.v, ab.v, bc.v)}; }

// Reverses the bytes of each 32-bit lane: SHA-256 words are big-endian.
inline v128_t bswap32(v128_t x) {
  return wasm_i8x16_shuffle(x, x, 3, 2, 1, 0, 7, 6, 5, 4, 11, 10, 9, 8, 15, 14, 13, 12);
}
// Transposes a 4x4 matrix of 32-bit words held in r[0..3].
inline void transpose4(v128_t r[4]) {
  v128_t t0 = wasm_i32x4_shuffle(r[0], r[1], 0, 4, 1, 5);
  v128_t t1 = wasm_i32x4_shuffle(r[0], r[1], 2, 6, 3, 7);
  v128_t t2 = wasm_i32x4_shuffle(r[2], r[3], 0, 4, 1, 5);
  v128_t t3 = wasm_i32x4_shuffle(r[2], r[3], 2, 6, 3, 7);
  r[0] = wasm_i64x2_shuffle(t0, t2, 0, 2);
  r[1] = wasm_i64x2_shuffle(t0, t2, 1, 3);
  r[2] = wasm_i64x2_shuffle(t1, t3, 0, 2);
  r[3] = wasm_i64x2_shuffle(t1, t3, 1, 3);
}

// w[4q + j] = word 4q + j of blocks[j], big-endian: the message words of
// four blocks, one block per lane.
inline void load_x4(v128_t w[16], const uint8_t* const blocks[4]) {
  for (int q = 0; q < 4; q++) {
    for (int j = 0; j < 4; j++) w[4 * q + j] = wasm_v128_load(blocks[j] + 16 * q);
    transpose4(w + 4 * q);
  }
  for (int i = 0; i < 16; i++) w[i] = bswap32(w[i]);
}

#endif

// Writes the state as a big-endian digest. With SIMD, two v128 byte swaps
// instead of 32 byte stores, the faster (docs/performance-notes.md, "The
// kernels' code shape").
inline void store_digest(uint8_t out[32], const uint32_t state[8]) {
#ifdef SHA256_SIMD128
  wasm_v128_store(out, bswap32(wasm_v128_load(state)));
  wasm_v128_store(out + 16, bswap32(wasm_v128_load(state + 4)));
#else
  for (int i = 0; i < 8; i++) store_be32(out + 4 * i, state[i]);
#endif
}

}  // namespace sha256
