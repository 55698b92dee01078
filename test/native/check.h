// The native tests' harness: a count of checks that goes on past a failure
// and prints the first twenty, and the expected digests of many messages.
#pragma once
#include "reference.h"

namespace {

#ifdef SHA256_SIMD128
const char* const kFlavour = "simd128";
#else
const char* const kFlavour = "scalar";
#endif

size_t g_passed = 0;
size_t g_failed = 0;
const char* g_schedule = "";  // which single-stream compression and 4-lane kernel are chosen

// Counts one check; prints the first failures.
void check(bool ok, const char* what, size_t n) {
  if (ok) {
    g_passed++;
    return;
  }
  if (++g_failed <= 20) fprintf(stderr, "native %s: FAILED %s%s, n = %zu\n", kFlavour, what, g_schedule, n);
}

// The digests of `count` 64-byte messages, one after another.
std::vector<uint8_t> expected_digests(const uint8_t* messages, size_t count) {
  std::vector<uint8_t> out(32 * count);
  for (size_t i = 0; i < count; i++) memcpy(&out[32 * i], ref::sha256(messages + 64 * i, 64).data(), 32);
  return out;
}

}  // namespace
