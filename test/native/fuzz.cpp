// libFuzzer target on the native build (`make fuzz-native`): the input's first
// byte chooses how it is cut and how merkleize() is called, and every kernel,
// digest(), the streaming context and merkleize() must agree with OpenSSL.
#include "reference.h"

namespace {

void expect(bool ok, const char* what) {
  if (ok) return;
  fprintf(stderr, "fuzz: %s differs from OpenSSL\n", what);
  abort();
}

using ref::equal;

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* input, size_t size) {
  if (size == 0) return 0;
  uint8_t mode = input[0];
  ref::Buffer data(size - 1);
  memcpy(data.data(), input + 1, size - 1);
  const uint8_t* bytes = data.data();
  size_t len = data.size;
#ifdef SHA256_SIMD128
  init(mode >> 6 & 1);  // either single-stream compression
#endif

  // The 64-byte messages in the input, by every kernel, in place or not.
  size_t count = len / 64;
  std::vector<uint8_t> expected(32 * count);
  for (size_t i = 0; i < count; i++) memcpy(&expected[32 * i], ref::sha256(bytes + 64 * i, 64).data(), 32);
  sha256::Hash64Kernel* kernels[] = {
      hash64_x1,
#ifdef SHA256_SIMD128
      hash64_x4,
      hash64_x4m,
#endif
  };
  for (sha256::Hash64Kernel* kernel : kernels) {
    ref::Buffer out(mode & 1 ? 64 * count : 32 * count);
    if (mode & 1) memcpy(out.data(), bytes, 64 * count);
    kernel(out.data(), mode & 1 ? out.data() : bytes, uint32_t(count));
    expect(equal(out.data(), expected.data(), 32 * count), "a hash64 kernel");
  }

  // The whole input, at once and in pieces whose lengths the input gives,
  // with empty updates between them.
  ref::Digest digest_expected = ref::sha256(bytes, len);
  uint8_t out[32];
  digest(out, bytes, uint32_t(len));
  expect(equal(out, digest_expected.data(), 32), "digest()");
  sha256::Ctx ctx;
  sha256_init(&ctx);
  for (size_t at = 0, i = 0; at < len; i++) {
    sha256_update(&ctx, bytes + at, 0);
    size_t piece = 1 + bytes[i % len] % (mode + 1u);
    if (piece > len - at) piece = len - at;
    sha256_update(&ctx, bytes + at, uint32_t(piece));
    at += piece;
  }
  sha256_final(&ctx, out);
  expect(equal(out, digest_expected.data(), 32), "sha256_init/update/final");

  // The 32-byte chunks as nodes at height depth, up to 2^levels of them
  // and beyond, padded to at most 2^12 leaves for the reference.
  size_t chunks = len / 32;
  uint32_t depth = (mode >> 1) % 72;
  uint32_t levels = 0;
  while ((size_t(1) << levels) < chunks && levels < 12) levels++;
  if (mode & 0x80 && levels > 0) levels--;  // fewer leaves than chunks: the rest are ignored
  ref::Buffer tree(32 * (chunks + 1));
  memcpy(tree.data(), bytes, 32 * chunks);
  ref::Digest root = ref::merkle_root(bytes, chunks, depth, levels);
  merkleize(out, tree.data(), uint32_t(chunks), depth, levels);
  expect(equal(out, root.data(), 32), "merkleize()");
  return 0;
}
