// hash64_x4m: hash64_x4 on compress_x4m, the 4-lane compression in the shape
// that JavaScriptCore compiles well (see there), with the padding block's
// rounds in the same shape (v128m lanes).
#include "rounds.h"

#ifndef SHA256_SIMD128
#error "hash64_x4m.cpp needs the simd128 intrinsics (-msimd128, or -DSHA256_SIMDE natively)"
#endif

namespace sha256 {

void hash64_x4m(uint8_t* out, const uint8_t* in, size_t count) { hash64_lanes<compress_x4m, v128m, hash64_x4m>(out, in, count); }

}  // namespace sha256
