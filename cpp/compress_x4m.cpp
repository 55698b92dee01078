// compress_x4m: compress_x4 in the shape that JavaScriptCore compiles well,
// for the loader to choose there (js/instance.js). Two changes, each
// faster on hash64 in Bun and the jsc shell (docs/performance-notes.md,
// "The kernels' code shape"):
// - The whole message schedule is computed into memory first (w[64], 1 KiB
//   of stack), and the rounds read it back, where compress_x4 keeps 16
//   message vectors live through the rounds. Bun's top tier (OMG) spilled
//   those.
// - The lanes are v128m (lanes.h), whose left shifts are multiplications.
// On V8 hash64_x4m is slower than hash64_x4.
#include "rounds.h"

#ifndef SHA256_SIMD128
#error "compress_x4m.cpp needs the simd128 intrinsics (-msimd128, or -DSHA256_SIMDE natively)"
#endif

namespace sha256 {

void compress_x4m(v128_t state[8], const uint8_t* const blocks[4]) {
  v128_t r[16];
  load_x4(r, blocks);
  v128m w[64];
  for (int i = 0; i < 16; i++) w[i] = {r[i]};
  schedule_w64(w);
  compress_w64(reinterpret_cast<v128m*>(state), w, reinterpret_cast<const v128m*>(kKx4.lanes));
}

}  // namespace sha256
