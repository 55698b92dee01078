// hash64_x4m: hash64_x4 in the shape that JavaScriptCore compiles well, for
// the loader to choose there (js/instance.js). Two changes, each measured in
// Bun 1.4.5 and the jsc shell (WebKitGTK 2.50):
// - The whole message schedule is computed into memory first (w[64], 1 KiB
//   of stack), and the rounds read it back, where hash64_x4 keeps 16 message
//   vectors live through the rounds. Bun's top tier (OMG) spilled those: 1106
//   stack accesses in hash64_x4 against 120 here, and 307 against 434 ns per
//   message (jsc shell: 308 against 330).
// - The lanes are v128m (lanes.h), whose left shifts are multiplications:
//   285 ns per message in Bun, 242 in the jsc shell.
// On V8 hash64_x4m is slower than hash64_x4 (184 against 157 ns, Node 24).
#include "rounds.h"

#ifndef SHA256_SIMD128
#error "hash64_x4m.cpp needs the simd128 intrinsics (-msimd128, or -DSHA256_SIMDE natively)"
#endif

namespace sha256 {

bool g_hash64_x4m = false;

void hash64_x4m(uint8_t* out, const uint8_t* in, size_t count) {
  for (size_t g = count / 4; g > 0; g--, in += 256, out += 128) {
    // w[4q + i] gathers word 4q + i of the four messages.
    v128m w[64];
    for (int q = 0; q < 4; q++) {
      v128_t r[4];
      for (int j = 0; j < 4; j++) r[j] = wasm_v128_load(in + 64 * j + 16 * q);
      transpose4(r);
      for (int j = 0; j < 4; j++) w[4 * q + j] = {bswap32(r[j])};
    }
    schedule_w64(w);
    v128m state[8];
    for (int i = 0; i < 8; i++) state[i] = {wasm_i32x4_splat(IV[i])};
    compress_w64(state, w, reinterpret_cast<const v128m*>(kKx4.lanes));
    compress_pad64(state);
    // Back to one digest per message: words 0..3 then 4..7 of each lane.
    for (int half = 0; half < 2; half++) {
      v128_t r[4];
      for (int j = 0; j < 4; j++) r[j] = state[4 * half + j].v;
      transpose4(r);
      for (int j = 0; j < 4; j++) wasm_v128_store(out + 32 * j + 16 * half, bswap32(r[j]));
    }
  }
  hash64_x4_rest<hash64_x4m>(out, in, count % 4);
}

}  // namespace sha256
