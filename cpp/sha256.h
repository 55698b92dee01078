// The definitions every file of cpp/ shares: the constants, the kernels'
// signatures, the streaming context and the C ABI that js/ calls. Plain C++:
// it also builds natively, for the tests in test/native/.
#pragma once
#include <stddef.h>
#include <stdint.h>
#include <string.h>

// SHA256_SIMD128: the simd128 intrinsics are available, from the compiler
// (WebAssembly with -msimd128) or from SIMDe (a native build with
// -DSHA256_SIMDE). The SIMD modules and the add-ons' portable builds differ
// only by it; the portable build's core is JavaScript (js/backends/portable/).
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

// FIPS 180-4's K (4.2.2), IV (5.3.3) and K[t] + W[t] of the block that pads a
// 64-byte message (5.1.1): in the wasm modules written by the JavaScript that
// loads them (js/core/tables.js), at one fixed address of the shared memory
// (SHA256_TABLES_AT, wasm.mk), which every module of an instance reads:
// modules share memory, not data. Native builds compute them (constants.cpp).
struct Tables {
  uint32_t k[64];
  uint32_t pad64_kw[64];
  uint32_t iv[8];
#ifdef SHA256_SIMD128
  // For the lanes (compress_x4.cpp, compress_x4m.cpp): 2^n for x4m's left
  // shifts, PAD64_KW and K, each word in the four lanes of a vector.
  alignas(16) uint32_t pow2_x4[32][4];
  alignas(16) uint32_t pad64_kw_x4[64][4];
  alignas(16) uint32_t k_x4[64][4];
#endif
};
#ifdef SHA256_TABLES_AT
inline Tables& tables() { return *reinterpret_cast<Tables*>(SHA256_TABLES_AT); }
#else
extern Tables g_tables;
inline Tables& tables() { return g_tables; }
#endif
// Native builds: computes the tables; returns their address, or null if they fail their checksum.
Tables* init_constants();

// Streaming context. JS keeps one copy per SHA256 object and swaps it in and
// out of the module, so any number of objects share one instance.
struct Ctx {
  uint32_t h[8];
  uint8_t block[64];  // buffered bytes of a partial block
  uint32_t block_len;
  uint32_t reserved;
  uint64_t total_len;  // bytes hashed so far
};

// The states after the padded inner and outer key blocks of an HMAC key, so
// that a message under a kept key costs no key setup (hmac.cpp).
struct HmacKey {
  uint32_t inner[8];
  uint32_t outer[8];
};

// Every single-stream compression: `nblocks` consecutive 64-byte blocks into state.
using CompressKernel = void(uint32_t state[8], const uint8_t* blocks, size_t nblocks);
CompressKernel compress_scalar;  // the reference (compress_scalar.cpp)
#ifdef SHA256_SIMD128
CompressKernel compress_simd128;  // the message schedule in simd128 (compress_simd128.cpp)
// Every 4-lane compression: one block of each of four streams into state,
// state[i] holding word i of stream j in lane j, blocks[j] stream j's block.
using Compress4Kernel = void(v128_t* state, const uint8_t* const* blocks);
#endif

// Every hash64 kernel (the C ABI below): `count` 64-byte messages at `in` to
// `count` 32-byte digests at `out`. `out` may equal `in`: digest i lies at or
// before message i, and a kernel reads a group of messages whole before it
// writes their digests.
using Hash64Kernel = void(uint8_t* out, const uint8_t* in, uint32_t count);

inline uint32_t load_be32(const uint8_t* p) {
  return (uint32_t(p[0]) << 24) | (uint32_t(p[1]) << 16) | (uint32_t(p[2]) << 8) | uint32_t(p[3]);
}

inline void store_be32(uint8_t* p, uint32_t v) {
  p[0] = uint8_t(v >> 24);
  p[1] = uint8_t(v >> 16);
  p[2] = uint8_t(v >> 8);
  p[3] = uint8_t(v);
}

// Zeroes n bytes at p with stores the compiler may not drop as dead, for
// buffers that held secrets (hmac.cpp).
void wipe(void* p, size_t n);

// The core's own functions, which its C ABI below enters through.
uint32_t init(uint32_t flags);
void compress(uint32_t state[8], const uint8_t* blocks, size_t nblocks);  // the chosen one (dispatch.cpp)
void hash64_x1(uint8_t* out, const uint8_t* in, size_t count);
void ctx_init(Ctx* ctx);
void ctx_update(Ctx* ctx, const uint8_t* data, size_t len);
void ctx_final(Ctx* ctx, uint8_t out[32]);
void digest(uint8_t* out, const uint8_t* in, size_t len);

}  // namespace sha256

// Every C ABI function starts at the top of its module's stack (SHA256_ENTER):
// a trap leaves the stack pointer where it struck, and later calls would
// start ever lower. No module calls its own ABI, so no frame of it is live
// then; the work is out of line (SHA256_INTERNAL), so the entry has no frame.
#ifdef __EMSCRIPTEN__
extern "C" unsigned char __heap_base;  // where wasm-ld starts the stack, down from
extern "C" void stackRestore(uintptr_t sp);
#define SHA256_ENTER() stackRestore(reinterpret_cast<uintptr_t>(&__heap_base))
#else
#define SHA256_ENTER() ((void)0)
#endif
#define SHA256_INTERNAL __attribute__((noinline))

// The C ABI, by module. The core module (core.cpp) is instantiated first;
// the others are built apart and import what they use of the core's and the
// lanes module's functions, under module "sha256", with the core's memory
// (SHA256_ADDON). Natively everything links into one program.
#ifdef SHA256_ADDON
#define SHA256_IMPORT(name) __attribute__((import_module("sha256"), import_name(#name)))
#else
#define SHA256_IMPORT(name)
#endif

extern "C" {
// Core: the I/O buffer, the streaming context, init() and the hashes of one
// stream. init() picks the single-stream compression: flags bit 0 set for
// compress_scalar (a build without simd128 has only that one). It returns the
// constants' address, where the loader writes them (natively it computes
// them, and returns 0 if they failed their check).
uint8_t* io_ptr();
uint32_t io_size();
sha256::Ctx* ctx_ptr();
uint32_t ctx_size();
uint32_t init(uint32_t flags);
void digest(uint8_t* out, const uint8_t* in, uint32_t len);
SHA256_IMPORT(sha256_init) void sha256_init(sha256::Ctx* ctx);
SHA256_IMPORT(sha256_update) void sha256_update(sha256::Ctx* ctx, const uint8_t* data, uint32_t len);
SHA256_IMPORT(sha256_final) void sha256_final(sha256::Ctx* ctx, uint8_t* out);
// The chosen single-stream compression.
SHA256_IMPORT(compress) void compress(uint32_t* state, const uint8_t* blocks, uint32_t nblocks);
// The hash64 kernels: one message at a time in the core, four in the lanes
// module, and `hash64`, the best of them, that the loader links the merkle
// module to (natively, test/native/ defines it).
SHA256_IMPORT(hash64_x1) sha256::Hash64Kernel hash64_x1;
SHA256_IMPORT(hash64) sha256::Hash64Kernel hash64;

#ifdef SHA256_SIMD128
// Lanes: four streams at once, in two shapes of one signature, x4
// (compress_x4.cpp) and x4m (compress_x4m.cpp). The loader links the many
// module's compress_x4 to the compression of the shape it chose.
SHA256_IMPORT(compress_x4) sha256::Compress4Kernel compress_x4;
sha256::Hash64Kernel hash64_x4;
sha256::Compress4Kernel compress_x4m;
sha256::Hash64Kernel hash64_x4m;
#endif

// Many (many.cpp): `count` messages, of lengths[i] bytes each, one after
// another at data; the digest of message i to out + 32 i. out may not
// overlap data.
void digest_many(uint8_t* out, const uint8_t* data, const uint32_t* lengths, uint32_t count);

// Extras: HMAC, HKDF and PBKDF2 (hmac.cpp).
sha256::HmacKey* key_ptr();
void hmac_key(sha256::HmacKey* k, const uint8_t* key, uint32_t len);
// Starts ctx on the message of an HMAC under k; hmac_end() finishes it,
// writes the tag and wipes ctx.
void hmac_begin(sha256::Ctx* ctx, const sha256::HmacKey* k);
void hmac_end(sha256::Ctx* ctx, const sha256::HmacKey* k, uint8_t* out);
void hmac(uint8_t* out, const sha256::HmacKey* k, const uint8_t* msg, uint32_t len);
// HKDF-Expand (RFC 5869): len <= 255 * 32 bytes of output key from prk and info.
void hkdf_expand(uint8_t* out, uint32_t len, const sha256::HmacKey* prk, const uint8_t* info, uint32_t info_len);
// PBKDF2-HMAC-SHA256 (RFC 8018 section 5.2): len bytes of the derived key,
// from its block block_index on (the first is 1). salted is hmac_begin()'s
// context with the salt absorbed, so a salt of any length streams in first.
void pbkdf2(uint8_t* out, uint32_t len, const sha256::HmacKey* k, const sha256::Ctx* salted, uint32_t iterations,
            uint32_t block_index);

// Merkle: `count` chunks at `data` are the nodes at height `depth` of a tree
// (depth 0: the leaves) whose root is `levels` levels above them. Writes to
// `out` the node `levels` levels above the first chunk: with count <= 2^levels
// that is the root of the chunks padded with zero subtrees to 2^levels; with
// more, the rest are ignored, as persistent-merkle-tree does. count = 0 gives
// the zero hash of depth + levels. Clobbers data, which needs room for
// count + 1 chunks when count is odd; `out` may point into data.
void merkleize(uint8_t* out, uint8_t* data, uint32_t count, uint32_t depth, uint32_t levels);
// `count` chunks at `data`, in groups of 2^levels, become one root per group,
// written in place at the start of data. count is a multiple of 2^levels.
void digest_n_level(uint8_t* data, uint32_t count, uint32_t levels);
}
