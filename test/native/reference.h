// The oracle for the native tests: OpenSSL's SHA-256, and merkle roots built
// from it by the definition (pad to 2^levels leaves, hash pairs level by
// level), sharing no code with cpp/.
#pragma once
#include <openssl/evp.h>
#include <openssl/hmac.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <array>
#include <memory>
#include <vector>

#include "../../cpp/sha256.h"

// hash64, which the merkle module imports: the best kernel, as the loader
// links it (js/core/lanes.js).
extern "C" void hash64(uint8_t* out, const uint8_t* in, uint32_t count) {
#ifdef SHA256_SIMD128
  hash64_x4(out, in, count);
#else
  hash64_x1(out, in, count);
#endif
}

namespace ref {

using Digest = std::array<uint8_t, 32>;

inline bool equal(const uint8_t* a, const uint8_t* b, size_t n) { return n == 0 || memcmp(a, b, n) == 0; }

inline Digest sha256(const uint8_t* data, size_t len) {
  Digest d;
  unsigned int n = 0;
  if (!EVP_Digest(data, len, d.data(), &n, EVP_sha256(), nullptr) || n != 32) {
    fprintf(stderr, "native: OpenSSL's EVP_Digest failed\n");
    abort();
  }
  return d;
}

inline Digest hmac(const uint8_t* key, size_t key_len, const uint8_t* data, size_t len) {
  Digest d;
  unsigned n = 0;
  if (!HMAC(EVP_sha256(), key, int(key_len), data, len, d.data(), &n) || n != 32) {
    fprintf(stderr, "native: OpenSSL's HMAC failed\n");
    exit(2);
  }
  return d;
}

inline Digest hash_pair(const uint8_t* left, const uint8_t* right) {
  uint8_t pair[64];
  memcpy(pair, left, 32);
  memcpy(pair + 32, right, 32);
  return sha256(pair, 64);
}

// The root of an all-zero subtree of height `depth`.
inline Digest zero_hash(uint32_t depth) {
  Digest z{};
  for (uint32_t d = 0; d < depth; d++) z = hash_pair(z.data(), z.data());
  return z;
}

// The first 2^levels of `count` chunks (nodes at height `depth`), padded with
// zero subtrees to 2^levels, hashed up to their root.
inline Digest merkle_root(const uint8_t* chunks, size_t count, uint32_t depth, uint32_t levels) {
  std::vector<Digest> nodes(size_t(1) << levels, zero_hash(depth));
  for (size_t i = 0; i < count && i < nodes.size(); i++) memcpy(nodes[i].data(), chunks + 32 * i, 32);
  for (; nodes.size() > 1; nodes.resize(nodes.size() / 2)) {
    for (size_t i = 0; i < nodes.size() / 2; i++) nodes[i] = hash_pair(nodes[2 * i].data(), nodes[2 * i + 1].data());
  }
  return nodes[0];
}

// A buffer of exactly `size` bytes on the heap, so that AddressSanitizer
// reports any access past it; never null, even when empty.
struct Buffer {
  explicit Buffer(size_t n) : size(n), bytes(new uint8_t[n]) {}
  uint8_t* data() { return bytes.get(); }
  size_t size;
  std::unique_ptr<uint8_t[]> bytes;
};

// splitmix64: reproducible pseudo-random inputs from a printed seed.
struct Random {
  uint64_t state;
  uint64_t next() {
    uint64_t z = (state += 0x9e3779b97f4a7c15u);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
    return z ^ (z >> 31);
  }
  uint32_t below(uint32_t n) { return uint32_t(next() % n); }
  void fill(uint8_t* p, size_t n) {
    for (size_t i = 0; i < n; i++) p[i] = uint8_t(next() >> 56);
  }
};

}  // namespace ref
