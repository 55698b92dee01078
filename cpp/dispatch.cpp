// The per-engine choice (js/engine.js) in one place: which single-stream
// compression every stream takes, set by init(); and hash64_x1, the core's
// hash64 kernel, on it.
#include "rounds.h"

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
  return uint32_t(reinterpret_cast<uintptr_t>(sha256::init_constants()));
}

void compress(uint32_t* state, const uint8_t* blocks, uint32_t nblocks) {
#ifdef SHA256_SIMD128
  if (!g_scalar) return sha256::compress_simd128(state, blocks, nblocks);
#endif
  sha256::compress_scalar(state, blocks, nblocks);
}

void hash64_x1(uint8_t* out, const uint8_t* in, uint32_t count) {
  for (; count > 0; count--, in += 64, out += 32) {
    uint32_t state[8];
    memcpy(state, sha256::tables().iv, sizeof state);
    compress(state, in, 1);
    sha256::compress_pad64(state);
    sha256::store_digest(out, state);
  }
}
