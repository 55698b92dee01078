// Internal interface shared by the kernels and the C ABI (api.cpp).
#pragma once
#include <stddef.h>
#include <emscripten.h>
#include <stdint.h>

#include "sha256_constants.h"

// Every hash64 kernel has this one signature: hash `count` 64-byte messages
// read from `in` into `count` 32-byte digests written to `out`.
// `out` may equal `in`: digest i lies at or before message i, and each kernel
// reads a group of messages whole before it writes that group's digests.
#define SHA256_HASH64_KERNEL(name) void name(uint8_t* out, const uint8_t* in, size_t count)

extern "C" {
SHA256_HASH64_KERNEL(hash64_scalar);
#ifdef __wasm_simd128__
SHA256_HASH64_KERNEL(hash64_simd4);
#endif
}

namespace sha256 {

// The fastest kernel this module was built with.
inline void hash64_best(uint8_t* out, const uint8_t* in, size_t count) {
#ifdef __wasm_simd128__
  hash64_simd4(out, in, count);
#else
  hash64_scalar(out, in, count);
#endif
}

// Single-stream compression of `nblocks` consecutive 64-byte blocks.
void compress_scalar(uint32_t state[8], const uint8_t* blocks, size_t nblocks);
#ifdef __wasm_simd128__
void compress_simd(uint32_t state[8], const uint8_t* blocks, size_t nblocks);
#endif

#ifdef __wasm_simd128__
// Set: the SIMD module compresses single streams with compress_scalar. The
// loader sets it where that is the faster of the two (JavaScriptCore); see
// js/instance.js.
extern bool g_scalar_schedule;
#endif

inline void compress(uint32_t state[8], const uint8_t* blocks, size_t nblocks) {
#ifdef __wasm_simd128__
  if (g_scalar_schedule) {
    compress_scalar(state, blocks, nblocks);
  } else {
    compress_simd(state, blocks, nblocks);
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
