// The merkle module, for the hasher: each level of 32-byte chunks hashed in
// place into the next, an odd level padded with the zero hash of its depth,
// as SSZ pads. One call reduces every level, so JS crosses into wasm once per
// tree.
#include "sha256.h"

namespace {

constexpr uint32_t kChunk = 32;

// Zero hashes, computed on first use. Depths below kDeep (every SSZ tree's,
// whose limits are below 2^64 chunks) keep their own slot; deeper ones share
// g_zero[kDeep], the deepest computed so far, so a walk up still hashes once
// per level.
constexpr uint32_t kDeep = 65;
alignas(16) uint8_t g_zero[kDeep + 1][kChunk];  // g_zero[0], the zero chunk: static storage starts zeroed
uint32_t g_top = 0;                             // the depth of the deepest zero hash computed

uint8_t* zero_slot(uint32_t depth) { return g_zero[depth < kDeep ? depth : kDeep]; }

// Chunks start at multiples of 4 bytes: copied as words, which the portable
// build writes as 8 word moves instead of 64 byte moves.
void copy_chunk(uint8_t* to, const uint8_t* from) {
  memcpy(__builtin_assume_aligned(to, 4), __builtin_assume_aligned(from, 4), kChunk);
}

// Writes the zero hash of `depth` to `to`: that of depth d + 1 is H(z || z),
// z that of d. Out of line: its three callers would triple it in the portable build.
__attribute__((noinline)) void put_zero_hash(uint8_t* to, uint32_t depth) {
  if (depth >= kDeep && depth < g_top) g_top = kDeep - 1;  // the shared slot is past it: step up again
  for (; g_top < depth; g_top++) {
    alignas(16) uint8_t pair[2 * kChunk];
    copy_chunk(pair, zero_slot(g_top));
    copy_chunk(pair + kChunk, zero_slot(g_top));
    hash64(zero_slot(g_top + 1), pair, 1);
  }
  copy_chunk(to, zero_slot(depth));
}

SHA256_INTERNAL void merkleize_chunks(uint8_t* out, uint8_t* data, uint32_t count, uint32_t depth, uint32_t levels) {
  if (count == 0) {
    put_zero_hash(data, depth);
    count = 1;
  }
  for (; levels > 0 && count > 1; levels--, depth++) {
    if (count % 2 == 1) {
      put_zero_hash(data + kChunk * count, depth);
      count++;
    }
    hash64(data, data, count / 2);
    count /= 2;
  }
  // One node left: the rest of its path pairs it with zero subtrees.
  // pair = node || zero hash; hashing writes only the node half.
  alignas(16) uint8_t pair[2 * kChunk];
  copy_chunk(pair, data);
  for (; levels > 0; levels--, depth++) {
    put_zero_hash(pair + kChunk, depth);
    hash64(pair, pair, 1);
  }
  copy_chunk(out, pair);
}

}  // namespace

void merkleize(uint8_t* out, uint8_t* data, uint32_t count, uint32_t depth, uint32_t levels) {
  SHA256_ENTER();
  merkleize_chunks(out, data, count, depth, levels);
}

void digest_n_level(uint8_t* data, uint32_t count, uint32_t levels) {
  SHA256_ENTER();
  for (; levels > 0; levels--, count /= 2) hash64(data, data, count / 2);
}

