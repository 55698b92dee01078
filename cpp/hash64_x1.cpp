// hash64_x1: one message at a time. The reference kernel, the whole of the
// scalar module, and the remainder path of the SIMD module, where compress()
// is the single-stream compression the loader chose and store_digest()
// stores with simd128.
#include "rounds.h"

namespace sha256 {

void hash64_x1(uint8_t* out, const uint8_t* in, size_t count) {
  for (size_t m = 0; m < count; m++, in += 64, out += 32) {
    uint32_t state[8];
    for (int i = 0; i < 8; i++) state[i] = IV[i];
    compress(state, in, 1);
    compress_pad64(state);
    store_digest(out, state);
  }
}

}  // namespace sha256
