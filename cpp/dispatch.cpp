// The per-engine choice (js/core/engine.js) in one place: which single-stream
// compression every stream takes, set by init(); and hash64_x1, the core's
// hash64 kernel, on it.
#include "rounds.h"

namespace sha256 {

namespace {
#ifdef SHA256_SIMD128
bool g_scalar = false;  // compress_scalar, else compress_simd128
#endif
}  // namespace

uint32_t init(uint32_t flags) {
#ifdef SHA256_SIMD128
  g_scalar = (flags & 1) != 0;
#else
  (void)flags;
#endif
#ifdef SHA256_TABLES_AT
  // The modules' tables are written by the JavaScript that loads them (js/core/tables.js).
  return SHA256_TABLES_AT;
#else
  return uint32_t(reinterpret_cast<uintptr_t>(init_constants()));
#endif
}

void compress(uint32_t state[8], const uint8_t* blocks, size_t nblocks) {
#ifdef SHA256_SIMD128
  if (!g_scalar) return compress_simd128(state, blocks, nblocks);
#endif
  compress_scalar(state, blocks, nblocks);
}

void hash64_x1(uint8_t* out, const uint8_t* in, size_t count) {
  for (; count > 0; count--, in += 64, out += 32) {
    uint32_t state[8];
    memcpy(state, tables().iv, sizeof state);
    compress(state, in, 1);
    compress_pad64(state);
    store_digest(out, state);
  }
}

}  // namespace sha256
