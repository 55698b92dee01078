// Internal interface shared by the kernels and the C ABI (api.cpp). Plain
// C++: the kernels also build natively, for the tests in test/native/.
#pragma once
#include <stddef.h>
#include <stdint.h>

#include "sha256_constants.h"

// SHA256_SIMD128: the simd128 intrinsics are available, from the compiler
// (WebAssembly with -msimd128) or from SIMDe (a native build with
// -DSHA256_SIMDE). The SIMD module and the scalar one differ only by it.
#if defined(__wasm_simd128__) || defined(SHA256_SIMDE)
#define SHA256_SIMD128 1
#endif

namespace sha256 {

// Every hash64 kernel has this one type: hash `count` 64-byte messages read
// from `in` into `count` 32-byte digests written to `out`.
// `out` may equal `in`: digest i lies at or before message i, and each kernel
// reads a group of messages whole before it writes that group's digests.
using Hash64Kernel = void(uint8_t* out, const uint8_t* in, size_t count);

Hash64Kernel hash64_x1;  // one message at a time
#ifdef SHA256_SIMD128
Hash64Kernel hash64_x4;   // four messages at a time, one per 32-bit lane
Hash64Kernel hash64_x4m;  // the same in the shape JavaScriptCore compiles well
#endif

#ifdef SHA256_SIMD128
// Set: the SIMD module's 4-lane kernel is hash64_x4m, not hash64_x4. The
// loader sets it where that is the faster one (JavaScriptCore); see
// js/instance.js and use_hash64_x4m() in api.cpp.
extern bool g_hash64_x4m;
#endif

// The fastest kernel this module was built with.
inline void hash64_best(uint8_t* out, const uint8_t* in, size_t count) {
#ifdef SHA256_SIMD128
  if (g_hash64_x4m) {
    hash64_x4m(out, in, count);
  } else {
    hash64_x4(out, in, count);
  }
#else
  hash64_x1(out, in, count);
#endif
}

// Single-stream compression of `nblocks` consecutive 64-byte blocks, by ISA.
void compress_scalar(uint32_t state[8], const uint8_t* blocks, size_t nblocks);
#ifdef SHA256_SIMD128
void compress_simd128(uint32_t state[8], const uint8_t* blocks, size_t nblocks);
#endif

#ifdef SHA256_SIMD128
// Set: the SIMD module compresses single streams with compress_scalar. The
// loader sets it where that is the faster of the two (JavaScriptCore); see
// js/instance.js and use_scalar_schedule() in api.cpp.
extern bool g_scalar_schedule;
#endif

inline void compress(uint32_t state[8], const uint8_t* blocks, size_t nblocks) {
#ifdef SHA256_SIMD128
  if (g_scalar_schedule) {
    compress_scalar(state, blocks, nblocks);
  } else {
    compress_simd128(state, blocks, nblocks);
  }
#else
  compress_scalar(state, blocks, nblocks);
#endif
}

// Streaming context. JS keeps one copy per SHA256 object and swaps it in and
// out of the module, so any number of objects share one instance.
struct Ctx {
  uint32_t h[8];
  uint8_t block[64];  // buffered bytes of a partial block
  uint32_t block_len;
  uint32_t reserved;
  uint64_t total_len;  // bytes hashed so far
};

void ctx_init(Ctx* ctx);
void ctx_update(Ctx* ctx, const uint8_t* data, size_t len);
void ctx_final(Ctx* ctx, uint8_t out[32]);

// `count` chunks at `data` are the nodes at height `depth` of a tree (depth 0:
// the leaves) whose root is `levels` levels above them. Writes to `out` the
// node `levels` levels above the first chunk: with count <= 2^levels that is
// the root of the chunks padded with zero subtrees to 2^levels; with more, the
// rest are ignored, as persistent-merkle-tree does. count = 0 gives the zero
// hash of depth + levels. Clobbers data, which needs room for count + 1 chunks
// when count is odd; `out` may point into data.
void merkleize(uint8_t* out, uint8_t* data, uint32_t count, uint32_t depth, uint32_t levels);

// `count` chunks at `data`, in groups of 2^levels, become one root per group,
// written in place at the start of data. count is a multiple of 2^levels.
void digest_n_level(uint8_t* data, uint32_t count, uint32_t levels);

inline uint32_t load_be32(const uint8_t* p) {
  return (uint32_t(p[0]) << 24) | (uint32_t(p[1]) << 16) | (uint32_t(p[2]) << 8) | uint32_t(p[3]);
}

inline void store_be32(uint8_t* p, uint32_t v) {
  p[0] = uint8_t(v >> 24);
  p[1] = uint8_t(v >> 16);
  p[2] = uint8_t(v >> 8);
  p[3] = uint8_t(v);
}

}  // namespace sha256
