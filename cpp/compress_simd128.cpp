// One stream: the message schedule four words at a time in a v128, 16 words
// ahead of the rounds, each round taking its K + W as a lane; scalar rounds,
// eight an iteration. V8's and SpiderMonkey's single-stream compression
// (docs/performance-notes.md, "Per-engine choices").
#include "rounds.h"

#ifndef SHA256_SIMD128
#error "compress_simd128.cpp needs the simd128 intrinsics (-msimd128, or -DSHA256_SIMDE natively)"
#endif

namespace sha256 {

namespace {

// W[t..t+3] from v0..v3 = W[t-16..t-1]. sigma1 needs W[t] and W[t+1] for
// lanes 2 and 3, so they are computed first, in lanes 0 and 1.
SHA256_INLINE v128_t schedule4(v128_t v0, v128_t v1, v128_t v2, v128_t v3) {
  v128_t w15 = wasm_i32x4_shuffle(v0, v1, 1, 2, 3, 4);
  v128_t w7 = wasm_i32x4_shuffle(v2, v3, 1, 2, 3, 4);
  v128_t x = v0 + small_sigma0(w15) + w7;
  v128_t lo = x + small_sigma1(wasm_i32x4_shuffle(v3, v3, 2, 3, 2, 3));
  v128_t hi = x + small_sigma1(wasm_i32x4_shuffle(lo, lo, 0, 1, 0, 1));
  return wasm_i32x4_shuffle(lo, hi, 0, 1, 6, 7);
}

// Lane i of x, i a constant once loops are unrolled, from a 64-bit lane: the
// faster extraction in V8 (performance-notes).
using i64x2 = int64_t __attribute__((vector_size(16)));
SHA256_INLINE uint32_t lane(v128_t x, int i) { return uint32_t(uint64_t(((i64x2)x)[i / 2]) >> (32 * (i % 2))); }

}  // namespace

void compress_simd128(uint32_t state[8], const uint8_t* blocks, size_t nblocks) {
  for (; nblocks > 0; nblocks--, blocks += 64) {
    v128_t v[4];
    for (int i = 0; i < 4; i++) v[i] = bswap32(wasm_v128_load(blocks + 16 * i));
    const uint32_t* k = tables().k;
    rounds64<8>(
        state, [&](int t) { return lane(v[t / 4] + wasm_v128_load(k + t / 4 * 4), t % 4); },
        [&] {
          k += 8;
          v128_t next0 = schedule4(v[0], v[1], v[2], v[3]);
          v128_t next1 = schedule4(v[1], v[2], v[3], next0);
          v[0] = v[2];
          v[1] = v[3];
          v[2] = next0;
          v[3] = next1;
        });
  }
}

}  // namespace sha256
