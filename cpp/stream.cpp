// The streaming context, for digest() and the SHA256 class, and for the
// extras module's HMAC through the core's C ABI.
#include "rounds.h"

namespace sha256 {

void ctx_init(Ctx* ctx) {
  memcpy(ctx->h, tables().iv, sizeof ctx->h);
  ctx->block_len = 0;
  ctx->reserved = 0;
  ctx->total_len = 0;
}

void ctx_update(Ctx* ctx, const uint8_t* data, size_t len) {
  ctx->total_len += len;
  if (ctx->block_len > 0) {
    size_t take = 64 - ctx->block_len;
    if (take > len) take = len;
    memcpy(ctx->block + ctx->block_len, data, take);
    ctx->block_len += uint32_t(take);
    data += take;
    len -= take;
    if (ctx->block_len < 64) return;
    compress(ctx->h, ctx->block, 1);
    ctx->block_len = 0;
  }
  // At most 64 blocks a call: Bun runs a long loop of them slower per block
  // (performance-notes, "The kernels' code shape").
  constexpr size_t kBlocksPerCall = 64;
  for (size_t n = len / 64; n > 0;) {
    size_t blocks = n < kBlocksPerCall ? n : kBlocksPerCall;
    compress(ctx->h, data, blocks);
    data += 64 * blocks;
    n -= blocks;
  }
  len &= 63;
  memcpy(ctx->block, data, len);
  ctx->block_len = uint32_t(len);
}

// FIPS 180-4 section 5.1.1: append 0x80, zeros to 56 mod 64, then the bit length.
void ctx_final(Ctx* ctx, uint8_t out[32]) {
  uint64_t bits = ctx->total_len * 8;
  uint8_t* b = ctx->block;
  size_t n = ctx->block_len;
  b[n++] = 0x80;
  if (n > 56) {
    memset(b + n, 0, 64 - n);
    compress(ctx->h, b, 1);
    n = 0;
  }
  memset(b + n, 0, 56 - n);
  store_be32(b + 56, uint32_t(bits >> 32));
  store_be32(b + 60, uint32_t(bits));
  compress(ctx->h, b, 1);
  store_digest(out, ctx->h);
}

void digest(uint8_t* out, const uint8_t* in, size_t len) {
  Ctx ctx;
  ctx_init(&ctx);
  ctx_update(&ctx, in, len);
  ctx_final(&ctx, out);
}

}  // namespace sha256
