// The choices the loader makes per engine (js/engine.js), in one place: the
// two switches of the SIMD module, each named as in JavaScript, and the
// kernels they select. The loader sets them once per instance
// (js/instance.js) through use_single_stream() and use_hash64_kernel() in
// api.cpp; why each engine gets its setting is in docs/performance-notes.md,
// "Per-engine choices". Included by sha256.h.
#pragma once

namespace sha256 {

#ifdef SHA256_SIMD128
// singleStream: true for "scalar", single streams compressed by
// compress_scalar; false for "simd", by compress_simd128.
inline bool g_single_stream_scalar = false;
// hash64Kernel: true for "hash64_x4m", false for "hash64_x4". It also picks
// the 4-lane compression of the merkle functions and of digest_many.
inline bool g_hash64_kernel_x4m = false;

// The 4-lane compression of the chosen hash64 kernel.
inline void compress_x4_best(v128_t state[8], const uint8_t* const blocks[4]) {
  if (g_hash64_kernel_x4m) {
    compress_x4m(state, blocks);
  } else {
    compress_x4(state, blocks);
  }
}
#endif

// The chosen hash64 kernel; the scalar module has one.
inline void hash64_best(uint8_t* out, const uint8_t* in, size_t count) {
#ifdef SHA256_SIMD128
  if (g_hash64_kernel_x4m) {
    hash64_x4m(out, in, count);
  } else {
    hash64_x4(out, in, count);
  }
#else
  hash64_x1(out, in, count);
#endif
}

// The chosen single-stream compression; the scalar module has one.
inline void compress(uint32_t state[8], const uint8_t* blocks, size_t nblocks) {
#ifdef SHA256_SIMD128
  if (g_single_stream_scalar) {
    compress_scalar(state, blocks, nblocks);
  } else {
    compress_simd128(state, blocks, nblocks);
  }
#else
  compress_scalar(state, blocks, nblocks);
#endif
}

}  // namespace sha256
