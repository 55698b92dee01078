// The SHA-256 compression function (FIPS 180-4 section 6.2.2), written once
// for every lane type in lanes.h.
//
// The eight working variables stay in s[8] and rotate by index, not by moves:
// in round t, a is s[-t & 7], b is s[(1 - t) & 7], and so on. Loops over
// rounds are unrolled 16 (or 8) times so that every index is a constant and
// s[] and the 16-word message ring w[] become wasm locals, while the loop
// around them stays rolled: a rolled loop that rotates with moves keeps s[]
// on the stack, and a full 64-round unroll outgrows the instruction cache
// (docs/performance-notes.md, "The kernels' code shape").
#pragma once
#include <string.h>

#include "lanes.h"

#define SHA256_INLINE inline __attribute__((always_inline))
#define SHA256_UNROLL _Pragma("clang loop unroll(full)")

namespace sha256 {

template <class V> SHA256_INLINE V big_sigma0(V x) { return rotr(x, 2) ^ rotr(x, 13) ^ rotr(x, 22); }
// Scalar: rotr(x, 13) ^ rotr(x, 22) as rotr(x ^ rotr(x, 9), 13) saves V8 a
// register copy (its rotates overwrite their operand). Not for Sigma1: there
// it lengthens the e chain (docs/performance-notes.md, "The kernels' code
// shape").
SHA256_INLINE uint32_t big_sigma0(uint32_t x) { return rotr(x, 2) ^ rotr(x ^ rotr(x, 9), 13); }
template <class V> SHA256_INLINE V big_sigma1(V x) { return rotr(x, 6) ^ rotr(x, 11) ^ rotr(x, 25); }
template <class V> SHA256_INLINE V small_sigma0(V x) { return rotr(x, 7) ^ rotr(x, 18) ^ shr(x, 3); }
template <class V> SHA256_INLINE V small_sigma1(V x) { return rotr(x, 17) ^ rotr(x, 19) ^ shr(x, 10); }

// Round t; kw is K[t] + W[t]. bc carries b ^ c from round to round (this
// round's a ^ b is the next one's b ^ c), for the maj() of lanes.h.
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
  // Sigma1(e) added last and Sigma0(a) + Maj summed before t1: one add after
  // Sigma1 on the e chain, not three. clang keeps this order in the 4-lane
  // kernel (it already reassociated the scalar one), and V8 13.6 (Turboshaft)
  // no longer reschedules it, so this order is the one that runs
  // (docs/performance-notes.md, "The kernels' code shape").
  V t1 = (h + kw) + ch(e, f, g) + big_sigma1(e);
  V ab = a ^ b;
  d = d + t1;
  h = t1 + (big_sigma0(a) + maj(a, b, c, ab, bc));
  bc = ab;
}

// The 64 rounds on state, `Unroll` rounds per loop iteration. kw(base, t)
// gives K + W for round base + t; between() runs after every iteration but the
// last (to extend the message schedule, where it is computed on the way).
template <int Unroll, class V, class KW, class Between>
SHA256_INLINE void rounds64(V state[8], KW kw, Between between) {
  V s[8];
  SHA256_UNROLL for (int i = 0; i < 8; i++) s[i] = state[i];
  V bc = s[1] ^ s[2];
  for (int base = 0;; base += Unroll) {
    SHA256_UNROLL for (int t = 0; t < Unroll; t++) round(s, t, kw(base, t), bc);
    if (base == 64 - Unroll) break;
    between();
  }
  SHA256_UNROLL for (int i = 0; i < 8; i++) state[i] = state[i] + s[i];
}

// Compresses one block whose 16 message words are w[0..15] (clobbered) into
// state. The schedule runs 16 words ahead of the rounds, in place: the round
// body then appears once in the code, not twice, for a smaller module at the
// same speed (docs/performance-notes.md, "The kernels' code shape").
//
// Constants are read through a pointer that steps, not as K[base + t]: LLVM
// then folds t into the load offset, where from base + t it computes each
// address with a shift, an or and an add.
template <class V>
SHA256_INLINE void compress_words(V state[8], V w[16]) {
  const uint32_t* k = K;
  rounds64<16>(
      state, [&](int, int t) { return w[t] + splat(k[t], w[t]); },
      [&] {
        k += 16;
        SHA256_UNROLL for (int t = 0; t < 16; t++) {
          w[t] = w[t] + small_sigma0(w[(t + 1) & 15]) + w[(t + 9) & 15] + small_sigma1(w[(t + 14) & 15]);
        }
      });
}

// The message schedule whole, for kernels that keep it in memory rather than
// in a 16-word ring of locals (see compress_x4m.cpp): w[16..63] from w[0..15].
template <class V>
SHA256_INLINE void schedule_w64(V w[64]) {
  for (int t = 16; t < 64; t++) w[t] = w[t - 16] + small_sigma0(w[t - 15]) + w[t - 7] + small_sigma1(w[t - 2]);
}

// Compresses one block whose whole schedule is w[0..63] into state, with
// k[0..63] the round constants K in lane form V. Pointers that step, as in
// compress_words.
template <class V>
SHA256_INLINE void compress_w64(V state[8], const V w[64], const V k[64]) {
  rounds64<16>(
      state, [&](int, int t) { return w[t] + k[t]; },
      [&] {
        k += 16;
        w += 16;
      });
}

// Compresses the constant padding block of a 64-byte message into state.
// Unrolled 8 times, not 16: a smaller module at about the same speed. The
// constants are read through a stepping pointer (see compress_words), faster
// than by index and than a v128 load of four K + W with lane() per round
// (docs/performance-notes.md, "The kernels' code shape").
template <class V>
SHA256_INLINE void compress_pad64(V state[8]) {
  const uint32_t* kw = PAD64_KW;
  rounds64<8>(state, [&](int, int t) { return splat(kw[t], state[0]); }, [&] { kw += 8; });
}

#ifdef SHA256_SIMD128
// What a 4-lane kernel leaves over, count % 4 messages: one on hash64_x1;
// two or three in one pass of the kernel over a zero-padded copy, which
// takes about the time of two messages on hash64_x1. The kernel calls this
// with itself, not a helper holding its loop: moved into a function of its
// own, clang kept hash64_x4's w[] in memory and the module grew
// (docs/performance-notes.md, "The kernels' code shape").
template <Hash64Kernel* kernel>
SHA256_INLINE void hash64_x4_rest(uint8_t* out, const uint8_t* in, size_t rest) {
  if (rest < 2) {
    hash64_x1(out, in, rest);
    return;
  }
  alignas(16) uint8_t block[256] = {};
  memcpy(block, in, 64 * rest);
  kernel(block, block, 4);
  memcpy(out, block, 32 * rest);
}

// hash64 on a 4-lane compression: four messages at once, message j in lane
// j, then the constant padding block (compress_pad64) in lane type V, the
// shape of compress4's lanes. `self` is the kernel this builds, for the rest.
template <Compress4Kernel* compress4, class V, Hash64Kernel* self>
SHA256_INLINE void hash64_lanes(uint8_t* out, const uint8_t* in, size_t count) {
  for (size_t g = count / 4; g > 0; g--, in += 256, out += 128) {
    const uint8_t* const blocks[4] = {in, in + 64, in + 128, in + 192};
    V state[8];
    for (int i = 0; i < 8; i++) state[i] = splat(IV[i], V{});
    v128_t* s = reinterpret_cast<v128_t*>(state);
    compress4(s, blocks);
    compress_pad64(state);
    // Back to one digest per message: words 0..3 then 4..7 of each lane.
    for (int half = 0; half < 2; half++) {
      v128_t r[4];
      for (int j = 0; j < 4; j++) r[j] = s[4 * half + j];
      transpose4(r);
      for (int j = 0; j < 4; j++) wasm_v128_store(out + 32 * j + 16 * half, bswap32(r[j]));
    }
  }
  hash64_x4_rest<self>(out, in, count % 4);
}
#endif

}  // namespace sha256
