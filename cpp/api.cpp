// The module's C ABI: what js/ calls. The module owns one I/O buffer and one
// streaming context; JS copies data in, calls, and copies results out.
#include <emscripten.h>

#include "sha256.h"

using namespace sha256;

namespace {
// 1 MiB: hashInto and digest stream larger inputs through it in chunks.
constexpr uint32_t kIoSize = 1u << 20;
alignas(16) uint8_t g_io[kIoSize];
Ctx g_ctx;
}  // namespace

extern "C" {

EMSCRIPTEN_KEEPALIVE uint8_t* io_ptr() { return g_io; }
EMSCRIPTEN_KEEPALIVE uint32_t io_size() { return kIoSize; }
EMSCRIPTEN_KEEPALIVE Ctx* ctx_ptr() { return &g_ctx; }
EMSCRIPTEN_KEEPALIVE uint32_t ctx_size() { return sizeof(Ctx); }

// hash64_scalar and hash64_simd4 are exported from their own files.
EMSCRIPTEN_KEEPALIVE void hash64(uint8_t* out, const uint8_t* in, uint32_t count) { hash64_best(out, in, count); }

EMSCRIPTEN_KEEPALIVE void digest(uint8_t* out, const uint8_t* in, uint32_t len) {
  Ctx ctx;
  ctx_init(&ctx);
  ctx_update(&ctx, in, len);
  ctx_final(&ctx, out);
}

EMSCRIPTEN_KEEPALIVE void sha256_init(Ctx* ctx) { ctx_init(ctx); }
EMSCRIPTEN_KEEPALIVE void sha256_update(Ctx* ctx, const uint8_t* data, uint32_t len) { ctx_update(ctx, data, len); }
EMSCRIPTEN_KEEPALIVE void sha256_final(Ctx* ctx, uint8_t* out) { ctx_final(ctx, out); }

}  // extern "C"
