// compress_x4: one block of each of four streams, stream j in 32-bit lane j
// of every vector, with the 16-word message ring in locals. The 4-lane
// compression of hash64_x4 and of digest_many on V8.
#include "rounds.h"

#ifndef SHA256_SIMD128
#error "compress_x4.cpp needs the simd128 intrinsics (-msimd128, or -DSHA256_SIMDE natively)"
#endif

namespace sha256 {

void compress_x4(v128_t state[8], const uint8_t* const blocks[4]) {
  v128_t w[16];
  load_x4(w, blocks);
  compress_words(state, w);
}

}  // namespace sha256
