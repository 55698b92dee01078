// x4m, the 4-lane shape for JavaScriptCore (Safari, Bun), faster there than
// x4 on some CPUs (docs/performance-notes.md, "The 4-lane shape"): the whole
// message schedule in memory (w[64]) before the rounds, where x4's 16 live
// message vectors were spilled, and v128m lanes, whose left shifts multiply.
// Its rounds read K + W from memory, eight an iteration, so the message and
// padding blocks share one copy of them: fewer bytes, at the same speed
// (performance-notes, "Module sizes").
#include "lanes.h"

#ifndef SHA256_SIMD128
#error "compress_x4m.cpp needs the simd128 intrinsics (-msimd128, or -DSHA256_SIMDE natively)"
#endif

namespace sha256 {

namespace {

// The 64 rounds on K + W in four lanes, kw[t]: out of line, so that the
// message blocks (compress_x4m) and the padding block (hash64_x4m) share one copy.
__attribute__((noinline)) void rounds_x4m(v128_t state[8], const v128_t* kw) {
  v128m s[8];
  for (int i = 0; i < 8; i++) s[i] = {state[i]};
  rounds64<8>(s, [&](int t) { return v128m{wasm_v128_load(kw + t)}; }, [&] { kw += 8; });
  for (int i = 0; i < 8; i++) state[i] = s[i].v;
}

}  // namespace

SHA256_INTERNAL void pad_x4m(v128_t state[8]) { rounds_x4m(state, pad_table(state[0])); }

SHA256_INTERNAL void compress_x4m(v128_t state[8], const uint8_t* const blocks[4]) {
  v128_t w[64];
  load_x4(w, blocks);
  auto m = [&](int t) { return v128m{w[t]}; };
  for (int t = 16; t < 64; t++) w[t] = (m(t - 16) + small_sigma0(m(t - 15)) + m(t - 7) + small_sigma1(m(t - 2))).v;
  for (int t = 0; t < 64; t++) w[t] = (m(t) + splat(tables().k[t], m(t))).v;
  rounds_x4m(state, w);
}

}  // namespace sha256

void compress_x4m(v128_t* state, const uint8_t* const* blocks) {
  SHA256_ENTER();
  sha256::compress_x4m(state, blocks);
}
