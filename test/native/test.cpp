// Native tests of cpp/: every kernel and the C ABI against OpenSSL, over every
// count and length 0..1100 with pseudo-random inputs. `make test-native`
// builds it twice, as each module is built: with the simd128 kernels (on
// SIMDe, -DSHA256_SIMDE) and without, both under AddressSanitizer and
// UndefinedBehaviorSanitizer, which abort on their first report.
#include "check.h"

namespace {

using ref::equal;

constexpr size_t kMax = 1100;

struct Kernel {
  const char* name;
  sha256::Hash64Kernel* run;
};

const Kernel kKernels[] = {
    {"hash64_x1", hash64_x1},
#ifdef SHA256_SIMD128
    {"hash64_x4", hash64_x4},
    {"hash64_x4m", hash64_x4m},
#endif
};

// Every kernel on every count: out of place from an input at every alignment
// mod 16, and in place, where the second half of the messages must stay.
void test_kernels(ref::Random& rng) {
  for (size_t count = 0; count <= kMax; count++) {
    size_t skew = count % 16;
    ref::Buffer input(skew + 64 * count);
    uint8_t* messages = input.data() + skew;
    rng.fill(messages, 64 * count);
    ref::Buffer original(64 * count);
    memcpy(original.data(), messages, 64 * count);
    std::vector<uint8_t> expected = expected_digests(messages, count);
    for (const Kernel& k : kKernels) {
      ref::Buffer out(32 * count);
      k.run(out.data(), messages, uint32_t(count));
      check(equal(out.data(), expected.data(), 32 * count) && equal(messages, original.data(), 64 * count), k.name, count);

      ref::Buffer inplace(64 * count);
      memcpy(inplace.data(), original.data(), 64 * count);
      k.run(inplace.data(), inplace.data(), uint32_t(count));
      check(equal(inplace.data(), expected.data(), 32 * count) &&
                equal(inplace.data() + 32 * count, original.data() + 32 * count, 32 * count),
            k.name, count);
    }
  }
}

struct Compress {
  const char* name;
  void (*run)(uint32_t state[8], const uint8_t* blocks, size_t nblocks);
};

const Compress kCompress[] = {
    {"compress_scalar", sha256::compress_scalar},
#ifdef SHA256_SIMD128
    {"compress_simd128", sha256::compress_simd128},
#endif
};

// Each single-stream compression on messages padded here (FIPS 180-4 5.1.1),
// and digest() and the streaming context through the C ABI, on every length.
void test_streams(ref::Random& rng) {
  for (size_t len = 0; len <= kMax; len++) {
    size_t skew = len % 16;
    ref::Buffer input(skew + len);
    uint8_t* message = input.data() + skew;
    rng.fill(message, len);
    ref::Digest expected = ref::sha256(message, len);

    size_t nblocks = (len + 9 + 63) / 64;
    ref::Buffer padded(64 * nblocks);
    memcpy(padded.data(), message, len);
    memset(padded.data() + len, 0, 64 * nblocks - len);
    padded.data()[len] = 0x80;
    for (int i = 0; i < 8; i++) padded.data()[64 * nblocks - 1 - i] = uint8_t(uint64_t(8 * len) >> (8 * i));
    for (const Compress& c : kCompress) {
      uint32_t state[8];
      memcpy(state, sha256::tables().iv, sizeof state);
      c.run(state, padded.data(), nblocks);
      uint8_t out[32];
      for (int i = 0; i < 8; i++) sha256::store_be32(out + 4 * i, state[i]);
      check(equal(out, expected.data(), 32), c.name, len);
    }

    ref::Buffer out(32);
    digest(out.data(), message, uint32_t(len));
    check(equal(out.data(), expected.data(), 32), "digest (C ABI)", len);

    // The message in pieces of 0 to 150 bytes, through a context of exactly
    // ctx_size() bytes.
    ref::Buffer ctx(ctx_size());
    sha256::Ctx* c = reinterpret_cast<sha256::Ctx*>(ctx.data());
    sha256_init(c);
    for (size_t at = 0; at < len;) {
      size_t piece = rng.below(151);
      if (piece > len - at) piece = len - at;
      sha256_update(c, message + at, uint32_t(piece));
      at += piece;
    }
    sha256_final(c, out.data());
    check(equal(out.data(), expected.data(), 32), "sha256_init/update/final (C ABI)", len);
  }
}

#ifdef SHA256_SIMD128
// Each 4-lane compression through the C ABI against compress_scalar lane by
// lane: four streams from unrelated states, a run of blocks each, every
// block of its own, at every alignment mod 16.
void test_compress4(ref::Random& rng) {
  struct Compress4 {
    const char* name;
    sha256::Compress4Kernel* run;
  };
  const Compress4 kernels[] = {{"compress_x4 (C ABI)", compress_x4}, {"compress_x4m (C ABI)", compress_x4m}};
  for (size_t nblocks = 1; nblocks <= 40; nblocks++) {
    uint32_t start[4][8];
    rng.fill(reinterpret_cast<uint8_t*>(start), sizeof start);
    ref::Buffer data(4 * nblocks * 80);
    rng.fill(data.data(), data.size);
    auto block = [&](size_t b, int j) { return data.data() + (4 * b + j) * 80 + (b + j) % 16; };
    uint32_t expected[4][8];
    memcpy(expected, start, sizeof start);
    for (size_t b = 0; b < nblocks; b++) {
      for (int j = 0; j < 4; j++) sha256::compress_scalar(expected[j], block(b, j), 1);
    }
    for (const Compress4& k : kernels) {
      alignas(16) uint32_t state[8][4];  // word i of lane j at state[i][j]
      for (int i = 0; i < 8; i++) {
        for (int j = 0; j < 4; j++) state[i][j] = start[j][i];
      }
      for (size_t b = 0; b < nblocks; b++) {
        const uint8_t* const blocks[4] = {block(b, 0), block(b, 1), block(b, 2), block(b, 3)};
        k.run(reinterpret_cast<v128_t*>(state), blocks);
      }
      bool ok = true;
      for (int i = 0; i < 8; i++) {
        for (int j = 0; j < 4; j++) ok = ok && state[i][j] == expected[j][i];
      }
      check(ok, k.name, nblocks);
    }
  }
}
#endif

// merkleize() against roots built by the definition: counts below, at and
// above 2^levels, leaves and higher nodes, and depths past the 65 zero hashes
// that the module keeps in a table.
void test_merkleize(ref::Random& rng) {
  const uint32_t depths[] = {0, 1, 7, 63, 64, 65, 70};
  for (uint32_t levels = 0; levels <= 10; levels++) {
    for (uint32_t depth : depths) {
      uint32_t most = (1u << levels) + 2;
      for (uint32_t count = 0; count <= most; count += levels <= 6 ? 1 : 1 + rng.below(40)) {
        size_t room = count + (count % 2 == 1 || count == 0 ? 1 : 0);
        ref::Buffer data(32 * room);
        rng.fill(data.data(), 32 * room);
        ref::Digest expected = ref::merkle_root(data.data(), count, depth, levels);
        ref::Buffer out(32);
        merkleize(out.data(), data.data(), count, depth, levels);
        check(equal(out.data(), expected.data(), 32), "merkleize (C ABI)", count);
      }
    }
  }
  // The result written into data, as js/hasher.js calls it.
  for (uint32_t count = 0; count <= 40; count++) {
    ref::Buffer data(32 * (count + 1));
    rng.fill(data.data(), data.size);
    ref::Digest expected = ref::merkle_root(data.data(), count, 0, 6);
    merkleize(data.data(), data.data(), count, 0, 6);
    check(equal(data.data(), expected.data(), 32), "merkleize in place (C ABI)", count);
  }
}

// digest_n_level() on groups of 2^levels chunks.
void test_digest_n_level(ref::Random& rng) {
  for (uint32_t levels = 0; levels <= 6; levels++) {
    for (uint32_t groups = 0; groups <= 9; groups++) {
      uint32_t count = groups << levels;
      ref::Buffer data(32 * count);
      rng.fill(data.data(), data.size);
      std::vector<uint8_t> expected(32 * groups);
      for (uint32_t g = 0; g < groups; g++) {
        ref::Digest root = ref::merkle_root(data.data() + (32u << levels) * g, 1u << levels, 0, levels);
        memcpy(&expected[32 * g], root.data(), 32);
      }
      digest_n_level(data.data(), count, levels);
      check(equal(data.data(), expected.data(), 32 * groups), "digest_n_level (C ABI)", count);
    }
  }
}

// digest_many() on 0..13 messages of pseudo-random lengths around the block
// edges, each message in a buffer of its own size, so that AddressSanitizer
// sees any read past one: the lanes refill as messages end at every offset.
void test_many(ref::Random& rng) {
  const uint32_t edges[] = {0, 1, 55, 56, 63, 64, 65, 119, 120, 128, 200, 1000};
  for (uint32_t count = 0; count <= 13; count++) {
    for (int round = 0; round < 40; round++) {
      std::vector<uint32_t> lengths(count);
      size_t total = 0;
      for (auto& n : lengths) total += n = edges[rng.next() % 12] + rng.next() % 3;
      ref::Buffer data(total);
      rng.fill(data.data(), data.size);
      ref::Buffer out(32 * count);
      ::digest_many(out.data(), data.data(), lengths.data(), count);
      bool ok = true;
      const uint8_t* m = data.data();
      for (uint32_t i = 0; i < count; m += lengths[i], i++) ok = ok && equal(out.data() + 32 * i, ref::sha256(m, lengths[i]).data(), 32);
      check(ok, "digest_many (C ABI)", count);
    }
  }
}

// hmac() on every key length 0..150 and message length 0..200 against
// OpenSSL's HMAC, and hkdf_expand and pbkdf2 against their definitions on it.
void test_hmac(ref::Random& rng) {
  ref::Buffer bytes(300);
  rng.fill(bytes.data(), bytes.size);
  sha256::HmacKey* k = key_ptr();
  for (uint32_t key_len = 0; key_len <= 150; key_len++) {
    for (uint32_t len = 0; len <= 200; len += 1 + key_len % 7) {
      ref::Buffer key(key_len), msg(len), out(32);
      memcpy(key.data(), bytes.data(), key_len);
      memcpy(msg.data(), bytes.data() + 100, len);
      ::hmac_key(k, key.data(), key_len);
      ::hmac(out.data(), k, msg.data(), len);
      check(equal(out.data(), ref::hmac(key.data(), key_len, msg.data(), len).data(), 32), "hmac (C ABI)", len);
    }
  }
  // T(i) = HMAC(PRK, T(i - 1) || info || i).
  for (uint32_t len = 0; len <= 200; len += 13) {
    ref::Buffer out(len), info(17);
    memcpy(info.data(), bytes.data(), 17);
    ::hmac_key(k, bytes.data() + 50, 32);
    ::hkdf_expand(out.data(), len, k, info.data(), 17);
    std::vector<uint8_t> want, t;
    for (uint8_t i = 1; want.size() < len; i++) {
      std::vector<uint8_t> m(t);
      m.insert(m.end(), info.data(), info.data() + 17);
      m.push_back(i);
      ref::Digest d = ref::hmac(bytes.data() + 50, 32, m.data(), m.size());
      t.assign(d.begin(), d.end());
      want.insert(want.end(), d.begin(), d.end());
    }
    check(equal(out.data(), want.data(), len), "hkdf_expand (C ABI)", len);
  }
  // U(1) = HMAC(P, S || INT(i)), U(j) = HMAC(P, U(j - 1)), T(i) their xor.
  for (uint32_t iterations = 1; iterations <= 5; iterations++) {
    const uint32_t len = 70;
    ref::Buffer out(len);
    ::hmac_key(k, bytes.data(), 20);
    sha256::Ctx salted;
    ::hmac_begin(&salted, k);
    sha256_update(&salted, bytes.data() + 20, 9);
    ::pbkdf2(out.data(), len, k, &salted, iterations, 1);
    std::vector<uint8_t> want;
    for (uint32_t block = 1; want.size() < len; block++) {
      std::vector<uint8_t> s(bytes.data() + 20, bytes.data() + 29);
      for (int b = 3; b >= 0; b--) s.push_back(uint8_t(block >> (8 * b)));
      ref::Digest u = ref::hmac(bytes.data(), 20, s.data(), s.size()), t = u;
      for (uint32_t j = 1; j < iterations; j++) {
        u = ref::hmac(bytes.data(), 20, u.data(), 32);
        for (int b = 0; b < 32; b++) t[b] ^= u[b];
      }
      want.insert(want.end(), t.begin(), t.end());
    }
    check(equal(out.data(), want.data(), len), "pbkdf2 (C ABI)", iterations);
  }
}

// The module's own buffers, as JS uses them: hash64 in place over the whole
// I/O buffer, and the module's context on bytes in it.
void test_buffers() {
  check(io_size() == 1u << 20 && ctx_size() == sizeof(sha256::Ctx), "io_size and ctx_size", io_size());
  uint8_t* io = io_ptr();
  uint32_t count = io_size() / 64;
  memset(io, 0xa5, io_size());
  std::vector<uint8_t> message(100, 0xa5);
  ref::Digest expected = ref::sha256(message.data(), 64);
  hash64(io, io, count);
  bool ok = true;
  for (uint32_t i = 0; i < count; i++) ok = ok && equal(io + 32 * i, expected.data(), 32);
  check(ok, "hash64 in place over the I/O buffer", count);
  sha256_init(ctx_ptr());
  sha256_update(ctx_ptr(), io + io_size() - 100, 100);  // still 0xa5: past the digests
  sha256_final(ctx_ptr(), io);
  check(equal(io, ref::sha256(message.data(), 100).data(), 32), "sha256_init/update/final on ctx_ptr()", 100);
}

}  // namespace

int main(int argc, char** argv) {
  unsigned long long seed = argc > 1 ? strtoull(argv[1], nullptr, 0) : 1;
  printf("native %s: seed %llu (rerun: make test-native SEED=%llu)\n", kFlavour, seed, seed);
  ref::Random rng{seed};
  check(init(0) != 0, "init(0): the constants pass their check", 0);
  test_kernels(rng);
  test_streams(rng);
#ifdef SHA256_SIMD128
  test_compress4(rng);
  // The SIMD module as the loader sets it up on JavaScriptCore.
  check(init(1) != 0, "init(1)", 1);
  g_schedule = " (init(1): the scalar single stream)";
  test_kernels(rng);
  test_streams(rng);
  test_merkleize(rng);
  test_many(rng);
  test_hmac(rng);
  check(init(0) != 0, "init(0)", 0);
  g_schedule = "";
#endif
  test_merkleize(rng);
  test_digest_n_level(rng);
  test_many(rng);
  test_hmac(rng);
  test_buffers();
  printf("native %s: %zu passed, %zu failed\n", kFlavour, g_passed, g_failed);
  return g_failed == 0 ? 0 : 1;
}
