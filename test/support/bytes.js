// Byte helpers shared by the benchmark cases and the tests. Environment-neutral.

/** Deterministic pseudo-random bytes (xorshift32), so every run hashes the same input. */
export function pseudoRandomBytes(length, seed = 1) {
  const out = new Uint8Array(length);
  let x = seed >>> 0 || 1;
  for (let i = 0; i < length; i++) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    out[i] = x;
  }
  return out;
}

/** The arrays of `list`, one after another, in a new Uint8Array. */
export function concatBytes(list) {
  const out = new Uint8Array(list.reduce((n, b) => n + b.length, 0));
  let off = 0;
  for (const b of list) {
    out.set(b, off);
    off += b.length;
  }
  return out;
}
