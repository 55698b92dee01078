// Merkleization inside the module, for js/hasher.js. A level of 32-byte chunks
// becomes the level above by hashing its pairs in place with the module's best
// kernel, and an odd level is first padded with the root of an all-zero
// subtree of that depth (its "zero hash"), as SSZ merkleization pads. One call
// reduces a whole buffer of chunks, every level, so JS crosses into wasm once
// per tree instead of once per level or per pair.
#include <string.h>

#include "sha256.h"

using namespace sha256;

namespace {

constexpr uint32_t kChunk = 32;

// Zero hashes of depths 0..64: SSZ list limits are below 2^64 chunks, so every
// SSZ tree finds its padding here. Deeper ones are hashed on demand.
constexpr uint32_t kZeroDepths = 65;
alignas(16) uint8_t g_zero[kZeroDepths][kChunk];
bool g_zero_ready = false;

// z = H(z || z): the zero hash one level above z's.
void next_zero(uint8_t z[kChunk]) {
  alignas(16) uint8_t pair[2 * kChunk];
  memcpy(pair, z, kChunk);
  memcpy(pair + kChunk, z, kChunk);
  hash64_best(z, pair, 1);
}

// Computed on first use rather than at start-up, so a module that never
// merkleizes never pays the 64 hashes.
void ensure_zero_table() {
  if (g_zero_ready) return;
  // g_zero[0] is the zero chunk: static storage starts zeroed.
  for (uint32_t d = 1; d < kZeroDepths; d++) {
    memcpy(g_zero[d], g_zero[d - 1], kChunk);
    next_zero(g_zero[d]);
  }
  g_zero_ready = true;
}

// Writes the zero hash of any depth to out.
void zero_hash(uint8_t out[kChunk], uint32_t depth) {
  if (depth < kZeroDepths) {
    memcpy(out, g_zero[depth], kChunk);
    return;
  }
  memcpy(out, g_zero[kZeroDepths - 1], kChunk);
  for (uint32_t d = kZeroDepths - 1; d < depth; d++) next_zero(out);
}

}  // namespace

extern "C" {

// `count` chunks at `data` are the nodes at height `depth` of a tree (depth 0:
// the leaves) whose root is `levels` levels above them. Writes to `out` the
// node `levels` levels above the first chunk: with count <= 2^levels that is
// the root of the chunks padded with zero subtrees to 2^levels; with more, the
// rest are ignored, as persistent-merkle-tree does. count = 0 gives the zero
// hash of depth + levels. Clobbers data, which needs room for count + 1 chunks
// when count is odd; `out` may point into data.
EMSCRIPTEN_KEEPALIVE void merkleize(uint8_t* out, uint8_t* data, uint32_t count, uint32_t depth, uint32_t levels) {
  ensure_zero_table();
  if (count == 0) {
    zero_hash(data, depth);
    count = 1;
  }
  for (; levels > 0 && count > 1; levels--, depth++) {
    if (count % 2 == 1) {
      zero_hash(data + kChunk * count, depth);
      count++;
    }
    hash64_best(data, data, count / 2);
    count /= 2;
  }
  // One node left: the rest of its path pairs it with zero subtrees.
  // pair = node || zero_hash(depth); hashing writes only the node half.
  alignas(16) uint8_t pair[2 * kChunk];
  memcpy(pair, data, kChunk);
  if (levels > 0) zero_hash(pair + kChunk, depth);
  for (; levels > 0; levels--, depth++) {
    hash64_best(pair, pair, 1);
    if (depth + 1 < kZeroDepths) {
      memcpy(pair + kChunk, g_zero[depth + 1], kChunk);
    } else {
      next_zero(pair + kChunk);
    }
  }
  memcpy(out, pair, kChunk);
}

// `count` chunks at `data`, in groups of 2^levels, become one root per group,
// written in place at the start of data. count is a multiple of 2^levels.
EMSCRIPTEN_KEEPALIVE void digest_n_level(uint8_t* data, uint32_t count, uint32_t levels) {
  for (; levels > 0; levels--, count /= 2) hash64_best(data, data, count / 2);
}

}  // extern "C"
