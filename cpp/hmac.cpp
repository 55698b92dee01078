// The extras module: HMAC-SHA256 (RFC 2104), and HKDF (RFC 5869) and PBKDF2
// (RFC 8018) on it, their loops inside wasm. Every buffer that holds key
// material is wiped before it goes out of scope (test/secrets.test.js).
#include "rounds.h"

using sha256::Ctx;
using sha256::HmacKey;
using sha256::wipe;

namespace {

// The key state that hmac functions read: js/ copies a kept key in, and
// wipes it after each call.
HmacKey g_key;

// dst ^= src for n bytes (a multiple of 4), src a byte repeated where null,
// a word at a time; not unrolled, which would add 1.5 KB.
void xor_into(uint8_t* dst, const uint8_t* src, size_t n, uint32_t byte = 0) {
  _Pragma("clang loop unroll(disable)") for (size_t i = 0; i < n; i += 4) {
    uint32_t x, y = byte * 0x01010101u;
    memcpy(&x, dst + i, 4);
    if (src != nullptr) memcpy(&y, src + i, 4);
    x ^= y;
    memcpy(dst + i, &x, 4);
  }
}

}  // namespace

// Volatile stores, in a loop: unrolled, the wipes of hmac_key() alone were
// 176 byte stores.
void sha256::wipe(void* p, size_t n) {
  volatile uint8_t* v = static_cast<volatile uint8_t*>(p);
  _Pragma("clang loop unroll(disable)") for (size_t i = 0; i < n; i++) v[i] = 0;
}

namespace {

SHA256_INTERNAL void key_of(HmacKey* k, const uint8_t* key, uint32_t len) {
  alignas(16) uint8_t block[64] = {};
  if (len > 64) {
    // RFC 2104: a key longer than the block is hashed first.
    Ctx ctx;
    sha256_init(&ctx);
    sha256_update(&ctx, key, len);
    sha256_final(&ctx, block);
    wipe(&ctx, sizeof ctx);
  } else {
    memcpy(block, key, len);
  }
  xor_into(block, nullptr, sizeof block, 0x36);
  memcpy(k->inner, sha256::tables().iv, sizeof k->inner);
  compress(k->inner, block, 1);
  xor_into(block, nullptr, sizeof block, 0x36 ^ 0x5c);
  memcpy(k->outer, sha256::tables().iv, sizeof k->outer);
  compress(k->outer, block, 1);
  wipe(block, sizeof block);
}

SHA256_INTERNAL void begin(Ctx* ctx, const HmacKey* k) {
  memcpy(ctx->h, k->inner, sizeof ctx->h);
  ctx->block_len = 0;
  ctx->reserved = 0;
  ctx->total_len = 64;  // the padded key block, already compressed
}

SHA256_INTERNAL void end(Ctx* ctx, const HmacKey* k, uint8_t* out) {
  alignas(16) uint8_t inner[32];
  sha256_final(ctx, inner);
  memcpy(ctx->h, k->outer, sizeof ctx->h);
  ctx->block_len = 0;
  ctx->total_len = 64;
  sha256_update(ctx, inner, sizeof inner);
  sha256_final(ctx, out);
  wipe(inner, sizeof inner);
  wipe(ctx, sizeof *ctx);
}

SHA256_INTERNAL void tag(uint8_t* out, const HmacKey* k, const uint8_t* msg, uint32_t len) {
  Ctx ctx;
  begin(&ctx, k);
  sha256_update(&ctx, msg, len);
  end(&ctx, k, out);
}

SHA256_INTERNAL void expand(uint8_t* out, uint32_t len, const HmacKey* prk, const uint8_t* info, uint32_t info_len) {
  alignas(16) uint8_t t[32];
  Ctx ctx;
  // T(i) = HMAC(PRK, T(i - 1) || info || i), T(0) empty; i <= 255 (the caller checks len).
  for (uint8_t i = 1; len > 0; i++) {
    begin(&ctx, prk);
    if (i > 1) sha256_update(&ctx, t, sizeof t);
    sha256_update(&ctx, info, info_len);
    sha256_update(&ctx, &i, 1);
    end(&ctx, prk, t);
    uint32_t take = len < 32 ? len : 32;
    memcpy(out, t, take);
    out += take;
    len -= take;
  }
  wipe(t, sizeof t);
}

SHA256_INTERNAL void derive(uint8_t* out, uint32_t len, const HmacKey* k, const Ctx* salted, uint32_t iterations,
                            uint32_t block_index) {
  // U(j) is the 32-byte message of the next inner hash, and the inner digest
  // that of the outer one. Both hashes then have 64 + 32 bytes in all, so
  // one padded block serves every compression: U, 0x80, zeros, 768 bits.
  alignas(16) uint8_t block[64] = {};
  block[32] = 0x80;
  block[62] = 768 >> 8;
  alignas(16) uint32_t h[8];
  alignas(16) uint8_t t[32];
  Ctx ctx;
  for (; len > 0; block_index++) {
    // U(1) = HMAC(P, S || INT(i)), from the state after S.
    uint8_t be[4];
    sha256::store_be32(be, block_index);
    memcpy(&ctx, salted, sizeof ctx);
    sha256_update(&ctx, be, sizeof be);
    end(&ctx, k, block);
    memcpy(t, block, sizeof t);
    for (uint32_t j = 1; j < iterations; j++) {
      memcpy(h, k->inner, sizeof h);
      compress(h, block, 1);
      sha256::store_digest(block, h);
      memcpy(h, k->outer, sizeof h);
      compress(h, block, 1);
      sha256::store_digest(block, h);
      xor_into(t, block, sizeof t);
    }
    uint32_t take = len < 32 ? len : 32;
    memcpy(out, t, take);
    out += take;
    len -= take;
  }
  wipe(block, sizeof block);
  wipe(h, sizeof h);
  wipe(t, sizeof t);
}

}  // namespace

HmacKey* key_ptr() { return &g_key; }

void hmac_key(HmacKey* k, const uint8_t* key, uint32_t len) {
  SHA256_ENTER();
  key_of(k, key, len);
}

void hmac_begin(Ctx* ctx, const HmacKey* k) {
  SHA256_ENTER();
  begin(ctx, k);
}

void hmac_end(Ctx* ctx, const HmacKey* k, uint8_t* out) {
  SHA256_ENTER();
  end(ctx, k, out);
}

void hmac(uint8_t* out, const HmacKey* k, const uint8_t* msg, uint32_t len) {
  SHA256_ENTER();
  tag(out, k, msg, len);
}

void hkdf_expand(uint8_t* out, uint32_t len, const HmacKey* prk, const uint8_t* info, uint32_t info_len) {
  SHA256_ENTER();
  expand(out, len, prk, info, info_len);
}

void pbkdf2(uint8_t* out, uint32_t len, const HmacKey* k, const Ctx* salted, uint32_t iterations, uint32_t block_index) {
  SHA256_ENTER();
  derive(out, len, k, salted, iterations, block_index);
}
