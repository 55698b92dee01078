// The streaming context used by digest() and the SHA256 class.
#include <string.h>

#include "lanes.h"

namespace sha256 {

void ctx_init(Ctx* ctx) {
  memcpy(ctx->h, IV, sizeof ctx->h);
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
    ctx->block_len += take;
    data += take;
    len -= take;
    if (ctx->block_len < 64) return;
    compress(ctx->h, ctx->block, 1);
    ctx->block_len = 0;
  }
  // Whole blocks at most kBlocksPerCall to a call of compress(): Bun
  // (JavaScriptCore) runs compress_scalar's loop over a long run of blocks
  // slower per block than in calls of 64, and a call more costs nothing
  // measurable on 64 blocks elsewhere (docs/performance-notes.md, "The
  // kernels' code shape").
  constexpr size_t kBlocksPerCall = 64;
  for (size_t n = len / 64; n > 0;) {
    size_t blocks = n < kBlocksPerCall ? n : kBlocksPerCall;
    compress(ctx->h, data, blocks);
    data += 64 * blocks;
    n -= blocks;
  }
  len &= 63;
  memcpy(ctx->block, data, len);
  ctx->block_len = len;
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

}  // namespace sha256
