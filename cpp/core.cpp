// The core module's buffers: the 1 MiB I/O buffer that every input streams
// through, and the streaming context. JS copies data in, calls, and copies
// results out; see sha256.h for the rest of its C ABI.
#include "sha256.h"

namespace {
constexpr uint32_t kIoSize = 1u << 20;
alignas(16) uint8_t g_io[kIoSize];
sha256::Ctx g_ctx;
}  // namespace

uint8_t* io_ptr() { return g_io; }
uint32_t io_size() { return kIoSize; }
sha256::Ctx* ctx_ptr() { return &g_ctx; }
uint32_t ctx_size() { return sizeof(sha256::Ctx); }

void digest(uint8_t* out, const uint8_t* in, uint32_t len) {
  sha256::Ctx ctx;
  sha256_init(&ctx);
  sha256_update(&ctx, in, len);
  sha256_final(&ctx, out);
}
