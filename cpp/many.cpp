// digest_many: messages of any lengths, each its own digest, four in flight,
// one per 32-bit lane; a lane whose message ends takes the next. The last busy
// lane finishes on one stream, then the faster (docs/performance-notes.md,
// "digest_many's lanes").
#include "rounds.h"

using sha256::store_digest;

namespace {

// The last len % 64 bytes of a message of len bytes at `tail`, padded
// (FIPS 180-4 section 5.1.1) into one or two blocks at out; returns how many.
size_t pad_tail(uint8_t out[128], const uint8_t* tail, size_t len) {
  size_t rest = len % 64;
  size_t blocks = rest < 56 ? 1 : 2;
  memset(out, 0, 64 * blocks);
  memcpy(out, tail, rest);
  out[rest] = 0x80;
  uint64_t bits = uint64_t(len) * 8;
  sha256::store_be32(out + 64 * blocks - 8, uint32_t(bits >> 32));
  sha256::store_be32(out + 64 * blocks - 4, uint32_t(bits));
  return blocks;
}

// One message on one stream, from state.
void finish_one(uint8_t out[32], uint32_t state[8], const uint8_t* data, uint32_t full_blocks, const uint8_t* tail,
                uint32_t tail_blocks) {
  compress(state, data, full_blocks);
  compress(state, tail, tail_blocks);
  store_digest(out, state);
}

}  // namespace

#ifdef SHA256_SIMD128

namespace {

// A lane's message: its whole blocks left, then its padded tail blocks.
struct Lane {
  const uint8_t* next;  // the next whole block
  size_t full;          // whole blocks left
  size_t tail_blocks;   // padded tail blocks, 1 or 2
  size_t tail_done;     // tail blocks already compressed
  size_t index;         // which message
  alignas(16) uint8_t tail[128];
};

alignas(16) const uint8_t kIdle[64] = {};  // what a lane without a message compresses

// Word i of lane j's state, and setting it.
uint32_t lane_word(const v128_t state[8], int i, int j) {
  uint32_t x;
  memcpy(&x, reinterpret_cast<const uint8_t*>(&state[i]) + 4 * j, 4);
  return x;
}
void set_lane_word(v128_t state[8], int i, int j, uint32_t x) { memcpy(reinterpret_cast<uint8_t*>(&state[i]) + 4 * j, &x, 4); }

}  // namespace

static SHA256_INTERNAL void digest_all(uint8_t* out, const uint8_t* data, const uint32_t* lengths, uint32_t count) {
  const uint32_t* iv = sha256::tables().iv;
  Lane lanes[4];
  bool busy[4] = {};
  v128_t st[8];
  size_t taken = 0;
  int active = 0;
  // Lane j takes the next message, if any is left.
  auto take = [&](int j) {
    busy[j] = taken < count;
    if (!busy[j]) return;
    Lane& l = lanes[j];
    size_t len = lengths[taken];
    l.next = data;
    l.full = len / 64;
    l.tail_blocks = pad_tail(l.tail, data + 64 * l.full, len);
    l.tail_done = 0;
    l.index = taken++;
    data += len;
    for (int i = 0; i < 8; i++) set_lane_word(st, i, j, iv[i]);
    active++;
  };
  for (int j = 0; j < 4; j++) take(j);
  while (active > 1) {
    const uint8_t* blocks[4];
    for (int j = 0; j < 4; j++) {
      Lane& l = lanes[j];
      if (!busy[j]) {
        blocks[j] = kIdle;
      } else if (l.full > 0) {
        blocks[j] = l.next;
        l.next += 64;
        l.full--;
      } else {
        blocks[j] = l.tail + 64 * l.tail_done++;
      }
    }
    compress_x4(st, blocks);
    for (int j = 0; j < 4; j++) {
      Lane& l = lanes[j];
      if (!busy[j] || l.full > 0 || l.tail_done < l.tail_blocks) continue;
      uint32_t h[8];
      for (int i = 0; i < 8; i++) h[i] = lane_word(st, i, j);
      store_digest(out + 32 * l.index, h);
      active--;
      take(j);
    }
  }
  for (int j = 0; j < 4; j++) {
    if (!busy[j]) continue;
    Lane& l = lanes[j];
    uint32_t h[8];
    for (int i = 0; i < 8; i++) h[i] = lane_word(st, i, j);
    finish_one(out + 32 * l.index, h, l.next, l.full, l.tail + 64 * l.tail_done, l.tail_blocks - l.tail_done);
  }
}

#else

static SHA256_INTERNAL void digest_all(uint8_t* out, const uint8_t* data, const uint32_t* lengths, uint32_t count) {
  const uint32_t* iv = sha256::tables().iv;
  for (uint32_t m = 0; m < count; m++, out += 32) {
    size_t len = lengths[m];
    alignas(16) uint8_t tail[128];
    size_t full = len / 64;
    size_t tail_blocks = pad_tail(tail, data + 64 * full, len);
    uint32_t state[8];
    memcpy(state, iv, sizeof state);
    finish_one(out, state, data, full, tail, tail_blocks);
    data += len;
  }
}

#endif

void digest_many(uint8_t* out, const uint8_t* data, const uint32_t* lengths, uint32_t count) {
  SHA256_ENTER();
  digest_all(out, data, lengths, count);
}
