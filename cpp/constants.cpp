// The constants of FIPS 180-4, computed from their definitions when a native
// build starts (test/native/); the wasm modules get them from the JavaScript
// that loads them (js/core/tables.js). test/constants.test.js derives them
// exactly and pins kChecksum.
#include "rounds.h"

// Loops here run once: rolled, they take a few hundred bytes, not kilobytes.
#define SHA256_ROLLED _Pragma("clang loop unroll(disable)")

namespace sha256 {

#ifndef SHA256_TABLES_AT
Tables g_tables;
#endif

namespace {

// The first 32 bits of the fractional part of x.
uint32_t fraction_bits(double x) { return uint32_t((x - double(uint32_t(x))) * 4294967296.0); }

// The cube root of p in [1, 343), by Newton's method from above.
double cube_root(double p) {
  double x = 7;
  SHA256_ROLLED for (int i = 0; i < 40; i++) x = (2 * x + p / (x * x)) / 3;
  return x;
}

// A hash of the tables, against an error in the arithmetic above.
constexpr uint32_t kChecksum = 0x0b0a8c37;

}  // namespace

Tables* init_constants() {
  Tables& t = tables();
  // K: cube roots of the first 64 primes (4.2.2); IV: square roots of the first 8 (5.3.3).
  SHA256_ROLLED for (uint32_t n = 2, found = 0; found < 64; n++) {
    bool prime = true;
    SHA256_ROLLED for (uint32_t d = 2; d * d <= n; d++) prime = prime && n % d != 0;
    if (!prime) continue;
    if (found < 8) t.iv[found] = fraction_bits(__builtin_sqrt(double(n)));
    t.k[found++] = fraction_bits(cube_root(n));
  }
  // The block that pads a 64-byte message: 0x80, zeros, the bit length 512 (5.1.1).
  uint32_t w[64] = {0x80000000u};
  w[15] = 512;
  SHA256_ROLLED for (int i = 0; i < 64; i++) {
    if (i >= 16) w[i] = w[i - 16] + small_sigma0(w[i - 15]) + w[i - 7] + small_sigma1(w[i - 2]);
    t.pad64_kw[i] = t.k[i] + w[i];
  }
#ifdef SHA256_SIMD128
  SHA256_ROLLED for (int i = 0; i < 64; i++) {
    if (i < 32) wasm_v128_store(t.pow2_x4[i], wasm_i32x4_splat(1u << i));
    wasm_v128_store(t.pad64_kw_x4[i], wasm_i32x4_splat(t.pad64_kw[i]));
    wasm_v128_store(t.k_x4[i], wasm_i32x4_splat(t.k[i]));
  }
#endif
  // Of K, PAD64_KW and IV; the lane tables above are copies.
  uint32_t h = 0;
  const uint32_t* words = &t.k[0];
  SHA256_ROLLED for (size_t i = 0; i < 64 + 64 + 8; i++) h = (h ^ words[i]) * 0x9e3779b1u;
  return h == kChecksum ? &t : nullptr;
}

}  // namespace sha256
