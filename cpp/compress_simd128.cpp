// Single-stream compression for the SIMD module: the message schedule is
// computed four words at a time in a v128 (as RustCrypto's sha2 does on
// wasm32), and the rounds run scalar. With the 16-word ring out of the
// general registers the rounds spill less, and on V8 this is the faster of
// the two.
//
// The schedule stays in four v128 registers, 16 words ahead of the rounds,
// and each round takes its K + W as a lane of v + K. Storing all 64 K + W to
// a stack array and loading them back kept a pointer and an index in general
// registers, and about twice the stack accesses per round
// (docs/performance-notes.md, "The kernels' code shape").
#include "rounds.h"

#ifndef SHA256_SIMD128
#error "compress_simd128.cpp needs the simd128 intrinsics (-msimd128, or -DSHA256_SIMDE natively)"
#endif

namespace sha256 {

namespace {

// W[t..t+3] from v0..v3 = W[t-16..t-1]. sigma1 needs W[t+0] and W[t+1] for
// lanes 2 and 3, so they are computed first, in lanes 0 and 1.
SHA256_INLINE v128_t schedule4(v128_t v0, v128_t v1, v128_t v2, v128_t v3) {
  v128_t w15 = wasm_i32x4_shuffle(v0, v1, 1, 2, 3, 4);
  v128_t w7 = wasm_i32x4_shuffle(v2, v3, 1, 2, 3, 4);
  v128_t x = v0 + small_sigma0(w15) + w7;
  v128_t lo = x + small_sigma1(wasm_i32x4_shuffle(v3, v3, 2, 3, 2, 3));
  v128_t hi = x + small_sigma1(wasm_i32x4_shuffle(lo, lo, 0, 1, 0, 1));
  return wasm_i32x4_shuffle(lo, hi, 0, 1, 6, 7);
}

}  // namespace

void compress_simd128(uint32_t state[8], const uint8_t* blocks, size_t nblocks) {
  for (; nblocks > 0; nblocks--, blocks += 64) {
    v128_t v[4];
    for (int i = 0; i < 4; i++) v[i] = bswap32(wasm_v128_load(blocks + 16 * i));
    rounds64<16>(
        state, [&](int base, int t) { return lane(v[t / 4] + wasm_v128_load(K + base + t / 4 * 4), t % 4); },
        [&] {
          SHA256_UNROLL for (int i = 0; i < 4; i++) v[i] = schedule4(v[i], v[(i + 1) & 3], v[(i + 2) & 3], v[(i + 3) & 3]);
        });
  }
}

}  // namespace sha256
