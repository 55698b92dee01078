// Byte helpers shared by the benchmark cases and the tests. Environment-neutral:
// the browser checks bundle this file into their pages and workers, and the
// plain-module pool page serves it next to its fixture, so every place that
// hashes pseudo-random input draws the same bytes from the same seed.

/** One step of xorshift32: the state after x, as a signed 32-bit integer. */
export function xorshift32(x) {
  x ^= x << 13;
  x ^= x >>> 17;
  x ^= x << 5;
  return x;
}

/** Deterministic pseudo-random bytes (xorshift32), so every run hashes the same input. */
export function pseudoRandomBytes(length, seed = 1) {
  const out = new Uint8Array(length);
  let x = seed >>> 0 || 1;
  for (let i = 0; i < length; i++) out[i] = x = xorshift32(x);
  return out;
}

/** Deterministic pseudo-random integers in [0, max), for lengths and split points. */
export function pseudoRandomInts(seed = 1) {
  let x = seed >>> 0 || 1;
  return (max) => {
    x = xorshift32(x);
    return (x >>> 0) % max;
  };
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
