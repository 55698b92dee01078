// The SHA-256 rounds (FIPS 180-4, 6.2.2) for two lane types: uint32_t, one
// stream; v128_t, four. The working variables rotate by index (in round t, a
// is s[-t & 7]), and round loops unroll 8 or 16 times, so s[] becomes wasm
// locals (docs/performance-notes.md, "The kernels' code shape").
#pragma once
#include "sha256.h"

#define SHA256_INLINE inline __attribute__((always_inline))
#define SHA256_UNROLL _Pragma("clang loop unroll(full)")

namespace sha256 {

// Each lane type gives +, ^ and & as operators and these overloads.
SHA256_INLINE uint32_t shr(uint32_t x, int n) { return x >> n; }
SHA256_INLINE uint32_t rotr(uint32_t x, int n) { return (x >> n) | (x << (32 - n)); }
// Three operations, not the four of (e & f) ^ (~e & g) (performance-notes).
SHA256_INLINE uint32_t ch(uint32_t e, uint32_t f, uint32_t g) { return g ^ (e & (f ^ g)); }
SHA256_INLINE uint32_t splat(uint32_t x, uint32_t) { return x; }
// Maj(a, b, c) given bc = b ^ c, as (a & (b ^ c)) + (b & c): the two terms
// share no bit, and V8 then keeps the rounds in registers (performance-notes).
SHA256_INLINE uint32_t maj(uint32_t a, uint32_t b, uint32_t c, uint32_t, uint32_t bc) { return (a & bc) + (b & c); }

#ifdef SHA256_SIMD128
SHA256_INLINE v128_t shr(v128_t x, int n) { return wasm_u32x4_shr(x, n); }
// simd128 has no rotate: two shifts and an or.
SHA256_INLINE v128_t rotr(v128_t x, int n) { return wasm_v128_or(wasm_u32x4_shr(x, n), wasm_i32x4_shl(x, 32 - n)); }
// bitselect is one instruction for (f & e) | (g & ~e).
SHA256_INLINE v128_t ch(v128_t e, v128_t f, v128_t g) { return wasm_v128_bitselect(f, g, e); }
SHA256_INLINE v128_t splat(uint32_t x, v128_t) { return wasm_i32x4_splat(x); }
// Where a and b agree Maj is their bit, elsewhere c's: two operations, with
// ab = a ^ b reused by the next round as its bc.
SHA256_INLINE v128_t maj(v128_t, v128_t b, v128_t, v128_t ab, v128_t bc) { return b ^ (ab & bc); }

// Reverses the bytes of each 32-bit lane: SHA-256 words are big-endian.
SHA256_INLINE v128_t bswap32(v128_t x) {
  return wasm_i8x16_shuffle(x, x, 3, 2, 1, 0, 7, 6, 5, 4, 11, 10, 9, 8, 15, 14, 13, 12);
}
#endif

template <class V> SHA256_INLINE V big_sigma0(V x) { return rotr(x, 2) ^ rotr(x, 13) ^ rotr(x, 22); }
// Scalar: as rotr(x ^ rotr(x, 9), 13), which saves V8 a register copy; not
// for Sigma1, where it lengthens the e chain (performance-notes).
SHA256_INLINE uint32_t big_sigma0(uint32_t x) { return rotr(x, 2) ^ rotr(x ^ rotr(x, 9), 13); }
template <class V> SHA256_INLINE V big_sigma1(V x) { return rotr(x, 6) ^ rotr(x, 11) ^ rotr(x, 25); }
template <class V> SHA256_INLINE V small_sigma0(V x) { return rotr(x, 7) ^ rotr(x, 18) ^ shr(x, 3); }
template <class V> SHA256_INLINE V small_sigma1(V x) { return rotr(x, 17) ^ rotr(x, 19) ^ shr(x, 10); }

// Round t; kw is K[t] + W[t]. bc carries b ^ c from round to round (this
// round's a ^ b is the next one's b ^ c), for maj().
template <class V>
SHA256_INLINE void round(V s[8], int t, V kw, V& bc) {
  V& a = s[-t & 7];
  V& b = s[(1 - t) & 7];
  V& c = s[(2 - t) & 7];
  V& d = s[(3 - t) & 7];
  V& e = s[(4 - t) & 7];
  V& f = s[(5 - t) & 7];
  V& g = s[(6 - t) & 7];
  V& h = s[(7 - t) & 7];
  // Sigma1(e) added last, and Sigma0(a) + Maj summed before t1: one add after
  // Sigma1 on the e chain, in the order V8 13.6 emits (performance-notes).
  V t1 = (h + kw) + ch(e, f, g) + big_sigma1(e);
  V ab = a ^ b;
  d = d + t1;
  h = t1 + (big_sigma0(a) + maj(a, b, c, ab, bc));
  bc = ab;
}

// The 64 rounds on state, `Unroll` rounds per loop iteration. kw(t) gives
// K + W for round t of the iteration; next() runs between iterations, to
// step the constants and extend the message schedule.
template <int Unroll, class V, class KW, class Next>
SHA256_INLINE void rounds64(V state[8], KW kw, Next next) {
  V s[8];
  SHA256_UNROLL for (int i = 0; i < 8; i++) s[i] = state[i];
  V bc = s[1] ^ s[2];
  for (int base = 0;; base += Unroll) {
    SHA256_UNROLL for (int t = 0; t < Unroll; t++) round(s, t, kw(t), bc);
    if (base == 64 - Unroll) break;
    next();
  }
  SHA256_UNROLL for (int i = 0; i < 8; i++) state[i] = state[i] + s[i];
}

// K and PAD64_KW for a lane type: the scalar tables for one stream; for
// four, the same words in the four lanes of each vector, which V8 adds from
// memory in one instruction where a splat took two (performance-notes).
SHA256_INLINE const uint32_t* k_table(uint32_t) { return tables().k; }
SHA256_INLINE const uint32_t* pad_table(uint32_t) { return tables().pad64_kw; }
#ifdef SHA256_SIMD128
SHA256_INLINE const v128_t* k_table(v128_t) { return reinterpret_cast<const v128_t*>(tables().k_x4); }
SHA256_INLINE const v128_t* pad_table(v128_t) { return reinterpret_cast<const v128_t*>(tables().pad64_kw_x4); }
#endif

// One block of message words w[0..15] (clobbered) into state, 16 rounds an
// iteration, the schedule 16 words ahead in place, so the round body appears
// once. K is read by a stepping pointer, which LLVM folds into the loads'
// offsets. With pad true, w all zero and no schedule, the rounds take the K + W
// of the block that pads a 64-byte message: x4 compresses that block so
// (compress_x4.cpp). Elsewhere pad is Never, false at compile time, which
// leaves the single stream's code as it was, byte for byte.
struct Never {
  constexpr operator bool() const { return false; }
};
template <class V, class Pad = Never>
SHA256_INLINE void compress_words(V state[8], V w[16], Pad padding = {}) {
  const bool pad = padding;
  auto k = pad ? pad_table(w[0]) : k_table(w[0]);
  rounds64<16>(
      state, [&](int t) { return w[t] + k[t]; },
      [&] {
        k += 16;
        if (pad) return;
        SHA256_UNROLL for (int t = 0; t < 16; t++) {
          w[t] = w[t] + small_sigma0(w[(t + 1) & 15]) + w[(t + 9) & 15] + small_sigma1(w[(t + 14) & 15]);
        }
      });
}

// The constant padding block of a 64-byte message into state, from PAD64_KW.
// Eight rounds an iteration: the smaller code at the same speed (performance-notes).
template <class V>
SHA256_INLINE void compress_pad64(V state[8]) {
  const uint32_t* kw = tables().pad64_kw;
  rounds64<8>(state, [&](int t) { return splat(kw[t], state[0]); }, [&] { kw += 8; });
}

// Writes the state as a big-endian digest; with simd128, two byte swaps.
SHA256_INLINE void store_digest(uint8_t out[32], const uint32_t state[8]) {
#ifdef SHA256_SIMD128
  wasm_v128_store(out, bswap32(wasm_v128_load(state)));
  wasm_v128_store(out + 16, bswap32(wasm_v128_load(state + 4)));
#else
  for (int i = 0; i < 8; i++) store_be32(out + 4 * i, state[i]);
#endif
}

}  // namespace sha256
