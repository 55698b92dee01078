// The core module's buffers: the 1 MiB I/O buffer that every input streams
// through, and the streaming context; and its C ABI, each function entering
// the core's own (sha256.h).
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

uint32_t init(uint32_t flags) {
  SHA256_ENTER();
  return sha256::init(flags);
}

void digest(uint8_t* out, const uint8_t* in, uint32_t len) {
  SHA256_ENTER();
  sha256::digest(out, in, len);
}

void hash64_x1(uint8_t* out, const uint8_t* in, uint32_t count) {
  SHA256_ENTER();
  sha256::hash64_x1(out, in, count);
}

void sha256_init(sha256::Ctx* ctx) {
  SHA256_ENTER();
  sha256::ctx_init(ctx);
}

void sha256_update(sha256::Ctx* ctx, const uint8_t* data, uint32_t len) {
  SHA256_ENTER();
  sha256::ctx_update(ctx, data, len);
}

void sha256_final(sha256::Ctx* ctx, uint8_t* out) {
  SHA256_ENTER();
  sha256::ctx_final(ctx, out);
}

void compress(uint32_t* state, const uint8_t* blocks, uint32_t nblocks) {
  SHA256_ENTER();
  sha256::compress(state, blocks, nblocks);
}
