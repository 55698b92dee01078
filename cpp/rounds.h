// The SHA-256 compression function (FIPS 180-4 section 6.2.2), written once
// for every lane type in lanes.h.
//
// The eight working variables stay in s[8] and rotate by index, not by moves:
// in round t, a is s[-t & 7], b is s[(1 - t) & 7], and so on. Every loop over
// rounds is unrolled 16 times, so each index is a constant, s[] and the 16-word
// message ring w[] become wasm locals, and the loop around them stays rolled.
// (A first version that rotated with moves in a rolled 64-round loop kept
// s[] on the stack and ran at half the speed.)
#pragma once
#include "lanes.h"

#define SHA256_INLINE inline __attribute__((always_inline))
#define SHA256_UNROLL _Pragma("clang loop unroll(full)")

namespace sha256 {

template <class V> SHA256_INLINE V big_sigma0(V x) { return rotr(x, 2) ^ rotr(x, 13) ^ rotr(x, 22); }
template <class V> SHA256_INLINE V big_sigma1(V x) { return rotr(x, 6) ^ rotr(x, 11) ^ rotr(x, 25); }
template <class V> SHA256_INLINE V small_sigma0(V x) { return rotr(x, 7) ^ rotr(x, 18) ^ shr(x, 3); }
template <class V> SHA256_INLINE V small_sigma1(V x) { return rotr(x, 17) ^ rotr(x, 19) ^ shr(x, 10); }

// Round t; kw is K[t] + W[t].
template <class V>
SHA256_INLINE void round(V s[8], int t, V kw) {
  V& a = s[-t & 7];
  V& b = s[(1 - t) & 7];
  V& c = s[(2 - t) & 7];
  V& d = s[(3 - t) & 7];
  V& e = s[(4 - t) & 7];
  V& f = s[(5 - t) & 7];
  V& g = s[(6 - t) & 7];
  V& h = s[(7 - t) & 7];
  V t1 = h + big_sigma1(e) + ch(e, f, g) + kw;
  d = d + t1;
  h = t1 + big_sigma0(a) + maj(a, b, c);
}

// Compresses one block whose 16 message words are w[0..15] (clobbered) into state.
template <class V>
SHA256_INLINE void compress_words(V state[8], V w[16]) {
  V s[8];
  SHA256_UNROLL for (int i = 0; i < 8; i++) s[i] = state[i];
  SHA256_UNROLL for (int t = 0; t < 16; t++) round(s, t, w[t] + splat(K[t], w[t]));
  for (int base = 16; base < 64; base += 16) {
    SHA256_UNROLL for (int t = 0; t < 16; t++) {
      w[t] = w[t] + small_sigma0(w[(t + 1) & 15]) + w[(t + 9) & 15] + small_sigma1(w[(t + 14) & 15]);
      round(s, t, w[t] + splat(K[base + t], w[t]));
    }
  }
  SHA256_UNROLL for (int i = 0; i < 8; i++) state[i] = state[i] + s[i];
}

// Compresses the constant padding block of a 64-byte message into state.
template <class V>
SHA256_INLINE void compress_pad64(V state[8]) {
  V s[8];
  SHA256_UNROLL for (int i = 0; i < 8; i++) s[i] = state[i];
  for (int base = 0; base < 64; base += 16) {
    SHA256_UNROLL for (int t = 0; t < 16; t++) round(s, t, splat(PAD64_KW[base + t], s[0]));
  }
  SHA256_UNROLL for (int i = 0; i < 8; i++) state[i] = state[i] + s[i];
}

}  // namespace sha256
