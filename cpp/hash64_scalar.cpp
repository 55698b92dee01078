// Scalar hash64 kernel: one message at a time. The reference kernel, the whole
// of the scalar module, and the single-message and remainder path of the SIMD
// module (where compress() computes the message schedule in SIMD).
#include "rounds.h"

using namespace sha256;

extern "C" EMSCRIPTEN_KEEPALIVE SHA256_HASH64_KERNEL(hash64_scalar) {
  for (size_t m = 0; m < count; m++, in += 64, out += 32) {
    uint32_t state[8];
    for (int i = 0; i < 8; i++) state[i] = IV[i];
    compress(state, in, 1);
    compress_pad64(state);
    store_digest(out, state);
  }
}
