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

#if defined(__wasm_simd128__)
#include <wasm_simd128.h>
#elif defined(SHA256_SIMDE)
// SIMDe's portable implementation, not its SSE2 one: there v128_t is
// __m128i, whose + adds 64-bit lanes, where wasm_simd128.h's v128_t is a
// vector of four int32_t like SIMDe's portable one, as the code needs.
#define SIMDE_NO_NATIVE
#define SIMDE_ENABLE_NATIVE_ALIASES
#include <simde/wasm/simd128.h>
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
// Every 4-lane compression has this one type: one 64-byte block of each of
// four streams, blocks[j] in lane j of state (word i of stream j in lane j of
// state[i]). hash64_x4, hash64_x4m and digest_many are built on them.
using Compress4Kernel = void(v128_t state[8], const uint8_t* const blocks[4]);
Compress4Kernel compress_x4;   // the 16-word message ring in locals
Compress4Kernel compress_x4m;  // the shape JavaScriptCore compiles well
#endif

// Single-stream compression of `nblocks` consecutive 64-byte blocks, by ISA.
void compress_scalar(uint32_t state[8], const uint8_t* blocks, size_t nblocks);
#ifdef SHA256_SIMD128
void compress_simd128(uint32_t state[8], const uint8_t* blocks, size_t nblocks);
#endif

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

// `count` messages, of lengths[i] bytes each, one after another at data: the
// digest of message i to out + 32 i (many.cpp). out may not overlap data.
void digest_many(uint8_t* out, const uint8_t* data, const uint32_t* lengths, size_t count);

// HMAC-SHA256 (hmac.cpp). A key becomes the states after its padded inner and
// outer blocks, so that a message under a kept key costs no key setup.
struct HmacKey {
  uint32_t inner[8];
  uint32_t outer[8];
};

void hmac_key(HmacKey* k, const uint8_t* key, size_t len);
// Starts ctx on the message of an HMAC under k; hmac_end() finishes it,
// writes the tag and wipes ctx.
void hmac_begin(Ctx* ctx, const HmacKey* k);
void hmac_end(Ctx* ctx, const HmacKey* k, uint8_t out[32]);
void hmac(uint8_t out[32], const HmacKey* k, const uint8_t* msg, size_t len);
// HKDF-Expand (RFC 5869): len <= 255 * 32 bytes of output key from prk and info.
void hkdf_expand(uint8_t* out, size_t len, const HmacKey* prk, const uint8_t* info, size_t info_len);
// PBKDF2-HMAC-SHA256 (RFC 8018 section 5.2): len bytes of the derived key,
// from its block block_index on (the first is 1). salted is hmac_begin()'s
// context with the salt absorbed, so a salt of any length streams in first.
void pbkdf2(uint8_t* out, size_t len, const HmacKey* k, const Ctx* salted, uint32_t iterations, uint32_t block_index);

// Zeroes n bytes at p with stores the compiler may not drop as dead, for
// buffers that held secrets (hmac.cpp).
void wipe(void* p, size_t n);

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

// The kernels chosen per engine, used by every file that hashes.
#include "dispatch.h"
