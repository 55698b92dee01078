// The module's C ABI: every function js/ calls, and the only file that
// exports any. The module owns one I/O buffer and one streaming context; JS
// copies data in, calls, and copies results out. Natively (test/native/)
// these are plain C functions.
#ifdef __EMSCRIPTEN__
#include <emscripten.h>
#else
#define EMSCRIPTEN_KEEPALIVE
#endif

#include "sha256.h"

namespace {
// 1 MiB: hashInto and digest stream larger inputs through it in chunks.
constexpr uint32_t kIoSize = 1u << 20;
alignas(16) uint8_t g_io[kIoSize];
sha256::Ctx g_ctx;
// The HMAC key state that hmac functions read: js/ copies a kept key in, and
// wipes it after each call.
sha256::HmacKey g_key;
}  // namespace

extern "C" {

EMSCRIPTEN_KEEPALIVE uint8_t* io_ptr() { return g_io; }
EMSCRIPTEN_KEEPALIVE uint32_t io_size() { return kIoSize; }
EMSCRIPTEN_KEEPALIVE sha256::Ctx* ctx_ptr() { return &g_ctx; }
EMSCRIPTEN_KEEPALIVE uint32_t ctx_size() { return sizeof(sha256::Ctx); }
EMSCRIPTEN_KEEPALIVE sha256::HmacKey* key_ptr() { return &g_key; }
EMSCRIPTEN_KEEPALIVE uint32_t key_size() { return sizeof(sha256::HmacKey); }

// `count` 64-byte messages at `in` to `count` digests at `out` (out == in is
// allowed): hash64 with the kernel the loader chose (see use_hash64_kernel), the
// others each with one kernel, for the tests.
EMSCRIPTEN_KEEPALIVE void hash64(uint8_t* out, const uint8_t* in, uint32_t count) { sha256::hash64_best(out, in, count); }
EMSCRIPTEN_KEEPALIVE void hash64_x1(uint8_t* out, const uint8_t* in, uint32_t count) { sha256::hash64_x1(out, in, count); }
#ifdef SHA256_SIMD128
EMSCRIPTEN_KEEPALIVE void hash64_x4(uint8_t* out, const uint8_t* in, uint32_t count) { sha256::hash64_x4(out, in, count); }
EMSCRIPTEN_KEEPALIVE void hash64_x4m(uint8_t* out, const uint8_t* in, uint32_t count) { sha256::hash64_x4m(out, in, count); }
#endif

#ifdef SHA256_SIMD128
// The switches of dispatch.h. singleStream: 1 for "scalar", 0 for "simd".
EMSCRIPTEN_KEEPALIVE void use_single_stream(uint32_t scalar) { sha256::g_single_stream_scalar = scalar != 0; }
// hash64Kernel: 1 for "hash64_x4m", 0 for "hash64_x4".
EMSCRIPTEN_KEEPALIVE void use_hash64_kernel(uint32_t x4m) { sha256::g_hash64_kernel_x4m = x4m != 0; }
#endif

EMSCRIPTEN_KEEPALIVE void digest(uint8_t* out, const uint8_t* in, uint32_t len) {
  sha256::Ctx ctx;
  sha256::ctx_init(&ctx);
  sha256::ctx_update(&ctx, in, len);
  sha256::ctx_final(&ctx, out);
}

EMSCRIPTEN_KEEPALIVE void sha256_init(sha256::Ctx* ctx) { sha256::ctx_init(ctx); }
EMSCRIPTEN_KEEPALIVE void sha256_update(sha256::Ctx* ctx, const uint8_t* data, uint32_t len) {
  sha256::ctx_update(ctx, data, len);
}
EMSCRIPTEN_KEEPALIVE void sha256_final(sha256::Ctx* ctx, uint8_t* out) { sha256::ctx_final(ctx, out); }

// See sha256.h.
EMSCRIPTEN_KEEPALIVE void digest_many(uint8_t* out, const uint8_t* data, const uint32_t* lengths, uint32_t count) {
  sha256::digest_many(out, data, lengths, count);
}

EMSCRIPTEN_KEEPALIVE void hmac_key(sha256::HmacKey* k, const uint8_t* key, uint32_t len) { sha256::hmac_key(k, key, len); }
EMSCRIPTEN_KEEPALIVE void hmac_begin(sha256::Ctx* ctx, const sha256::HmacKey* k) { sha256::hmac_begin(ctx, k); }
EMSCRIPTEN_KEEPALIVE void hmac_end(sha256::Ctx* ctx, const sha256::HmacKey* k, uint8_t* out) {
  sha256::hmac_end(ctx, k, out);
}
EMSCRIPTEN_KEEPALIVE void hmac(uint8_t* out, const sha256::HmacKey* k, const uint8_t* msg, uint32_t len) {
  sha256::hmac(out, k, msg, len);
}
EMSCRIPTEN_KEEPALIVE void hkdf_expand(uint8_t* out, uint32_t len, const sha256::HmacKey* prk, const uint8_t* info,
                                      uint32_t info_len) {
  sha256::hkdf_expand(out, len, prk, info, info_len);
}
EMSCRIPTEN_KEEPALIVE void pbkdf2(uint8_t* out, uint32_t len, const sha256::HmacKey* k, const sha256::Ctx* salted,
                                 uint32_t iterations, uint32_t block_index) {
  sha256::pbkdf2(out, len, k, salted, iterations, block_index);
}

EMSCRIPTEN_KEEPALIVE void merkleize(uint8_t* out, uint8_t* data, uint32_t count, uint32_t depth, uint32_t levels) {
  sha256::merkleize(out, data, count, depth, levels);
}
EMSCRIPTEN_KEEPALIVE void digest_n_level(uint8_t* data, uint32_t count, uint32_t levels) {
  sha256::digest_n_level(data, count, levels);
}

}  // extern "C"
