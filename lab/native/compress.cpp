// The single-stream compressions of cpp/ built natively, against OpenSSL's
// SHA-256 in the same process, interleaved over rounds: the yardstick for the
// wasm single stream (docs/performance-notes.md, "The single stream natively").
// `make bench-native` masks OpenSSL's SHA-NI path off (OPENSSL_ia32cap), so it
// takes its fastest path without SHA instructions (AVX2 where the CPU has it).
// Per block over 64 KiB, and per call of the module's two single-message calls.
#include <openssl/crypto.h>
#include <openssl/evp.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <vector>

#include "sha256.h"

namespace {

constexpr size_t kBlocks = 1024;  // 64 KiB, in cache
constexpr size_t kCalls = 1024;   // calls per run of a per-call case
uint8_t g_data[64 * kBlocks];
uint8_t g_out[32];
uint32_t g_sink;
EVP_MD_CTX* g_ctx;

void ours_blocks(sha256::CompressKernel* kernel) {
  uint32_t state[8];
  memcpy(state, sha256::tables().iv, sizeof state);
  kernel(state, g_data, kBlocks);
  g_sink += state[0];
}

void openssl_digest(const uint8_t* data, size_t len) {
  unsigned int n;
  EVP_DigestInit_ex(g_ctx, EVP_sha256(), nullptr);
  EVP_DigestUpdate(g_ctx, data, len);
  EVP_DigestFinal_ex(g_ctx, g_out, &n);
  g_sink += g_out[0];
}

// hash64_x1 of one message, and digest() of 32 bytes, `kCalls` times.
void hash64_calls() {
  for (size_t i = 0; i < kCalls; i++) sha256::hash64_x1(g_out, g_data + 64 * i, 1);
  g_sink += g_out[0];
}
void digest32_calls() {
  for (size_t i = 0; i < kCalls; i++) sha256::digest(g_out, g_data + 64 * i, 32);
  g_sink += g_out[0];
}

// init()'s flag picks the single stream that hash64_x1 and digest() run on
// (dispatch.cpp): 1 compress_scalar (JavaScriptCore's), 0 compress_simd128.
void use_scalar() { sha256::init(1); }
void use_simd() { sha256::init(0); }
void no_setup() {}

struct Case {
  const char* name;
  size_t per;  // blocks or calls per run
  void (*setup)();  // before each round's runs, untimed
  void (*run)();
};

const Case kCases[] = {
    {"compress_scalar, per block", kBlocks, no_setup, [] { ours_blocks(sha256::compress_scalar); }},
    {"compress_simd128 (SIMDe), per block", kBlocks, no_setup, [] { ours_blocks(sha256::compress_simd128); }},
    {"OpenSSL, per block", kBlocks, no_setup, [] { openssl_digest(g_data, sizeof g_data); }},
    {"hash64_x1 of one message, on compress_scalar", kCalls, use_scalar, hash64_calls},
    {"hash64_x1 of one message, on compress_simd128", kCalls, use_simd, hash64_calls},
    {"digest of 32 B, on compress_scalar", kCalls, use_scalar, digest32_calls},
    {"digest of 32 B, on compress_simd128", kCalls, use_simd, digest32_calls},
};

// Every kernel and OpenSSL must agree before any is timed.
bool agree() {
  uint8_t expected[32], got[32];
  openssl_digest(g_data, 64);
  memcpy(expected, g_out, 32);
  for (uint32_t flag : {0u, 1u}) {
    sha256::init(flag);
    sha256::hash64_x1(got, g_data, 1);
    if (memcmp(got, expected, 32) != 0) return false;
  }
  uint32_t a[8], b[8];
  memcpy(a, sha256::tables().iv, sizeof a);
  memcpy(b, sha256::tables().iv, sizeof b);
  sha256::compress_scalar(a, g_data, kBlocks);
  sha256::compress_simd128(b, g_data, kBlocks);
  return memcmp(a, b, sizeof a) == 0;
}

}  // namespace

int main(int argc, char** argv) {
  int rounds = argc > 1 ? atoi(argv[1]) : 21;
  if (rounds < 1 || !sha256::init(0)) return 1;
  for (size_t i = 0; i < sizeof g_data; i++) g_data[i] = uint8_t(i * 131 + 7);
  g_ctx = EVP_MD_CTX_new();
  if (!agree()) {
    fprintf(stderr, "the kernels and OpenSSL disagree\n");
    return 1;
  }
  const char* cap = getenv("OPENSSL_ia32cap");
  printf("%s, OPENSSL_ia32cap=%s; best and median of %d interleaved rounds, ns\n\n", OpenSSL_version(OPENSSL_VERSION),
         cap ? cap : "(unset)", rounds);
  constexpr size_t n = sizeof kCases / sizeof kCases[0];
  std::vector<double> times[n];
  for (int r = 0; r < rounds; r++) {
    for (size_t c = 0; c < n; c++) {
      kCases[c].setup();
      auto t0 = std::chrono::steady_clock::now();
      int reps = 0;
      do {
        kCases[c].run();
        reps++;
      } while (std::chrono::steady_clock::now() - t0 < std::chrono::milliseconds(20));
      std::chrono::duration<double, std::nano> dt = std::chrono::steady_clock::now() - t0;
      times[c].push_back(dt.count() / (double(reps) * kCases[c].per));
    }
  }
  printf("| case | best | median |\n|---|---|---|\n");
  for (size_t c = 0; c < n; c++) {
    std::sort(times[c].begin(), times[c].end());
    printf("| %s | %.1f | %.1f |\n", kCases[c].name, times[c][0], times[c][times[c].size() / 2]);
  }
  EVP_MD_CTX_free(g_ctx);
  return g_sink == 0x12345678 ? 2 : 0;  // keeps the results live
}
