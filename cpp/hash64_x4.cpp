// hash64_x4: four messages at once on compress_x4, message j in 32-bit lane
// j of every vector. Counts that are not a multiple of 4 finish on hash64_x1.
#include "rounds.h"

#ifndef SHA256_SIMD128
#error "hash64_x4.cpp needs the simd128 intrinsics (-msimd128, or -DSHA256_SIMDE natively)"
#endif

namespace sha256 {

void hash64_x4(uint8_t* out, const uint8_t* in, size_t count) { hash64_lanes<compress_x4, v128_t, hash64_x4>(out, in, count); }

}  // namespace sha256
