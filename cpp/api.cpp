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
}  // namespace

extern "C" {

EMSCRIPTEN_KEEPALIVE uint8_t* io_ptr() { return g_io; }
EMSCRIPTEN_KEEPALIVE uint32_t io_size() { return kIoSize; }
EMSCRIPTEN_KEEPALIVE sha256::Ctx* ctx_ptr() { return &g_ctx; }
EMSCRIPTEN_KEEPALIVE uint32_t ctx_size() { return sizeof(sha256::Ctx); }

// `count` 64-byte messages at `in` to `count` digests at `out` (out == in is
// allowed): hash64 with the kernel the loader chose (see use_hash64_x4m), the
// others each with one kernel, for the tests.
EMSCRIPTEN_KEEPALIVE void hash64(uint8_t* out, const uint8_t* in, uint32_t count) { sha256::hash64_best(out, in, count); }
EMSCRIPTEN_KEEPALIVE void hash64_x1(uint8_t* out, const uint8_t* in, uint32_t count) { sha256::hash64_x1(out, in, count); }
#ifdef SHA256_SIMD128
EMSCRIPTEN_KEEPALIVE void hash64_x4(uint8_t* out, const uint8_t* in, uint32_t count) { sha256::hash64_x4(out, in, count); }
EMSCRIPTEN_KEEPALIVE void hash64_x4m(uint8_t* out, const uint8_t* in, uint32_t count) { sha256::hash64_x4m(out, in, count); }
#endif

#ifdef SHA256_SIMD128
// Whether the SIMD module compresses single streams with compress_scalar; the
// loader chooses per engine (js/instance.js).
EMSCRIPTEN_KEEPALIVE void use_scalar_schedule(uint32_t on) { sha256::g_scalar_schedule = on != 0; }
// Whether the SIMD module's best kernel (hash64 and the merkle functions) is
// hash64_x4m rather than hash64_x4; the loader chooses per engine.
EMSCRIPTEN_KEEPALIVE void use_hash64_x4m(uint32_t on) { sha256::g_hash64_x4m = on != 0; }
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
EMSCRIPTEN_KEEPALIVE void merkleize(uint8_t* out, uint8_t* data, uint32_t count, uint32_t depth, uint32_t levels) {
  sha256::merkleize(out, data, count, depth, levels);
}
EMSCRIPTEN_KEEPALIVE void digest_n_level(uint8_t* data, uint32_t count, uint32_t levels) {
  sha256::digest_n_level(data, count, levels);
}

}  // extern "C"
