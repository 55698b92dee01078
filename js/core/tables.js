// The constants of FIPS 180-4 that every module reads at the address the
// core's init() returns (cpp/sha256.h, struct Tables), computed from their
// definitions as an instance loads, in JavaScript for both backends: fewer
// bytes than the tables, or than computing them in wasm
// (docs/performance-notes.md, "Module sizes"). test/constants.test.js
// derives them exactly and pins CHECKSUM. Native builds compute them in C++
// (cpp/constants.cpp).

/** A hash of K, PAD64_KW and IV, against an error in the arithmetic below. */
export const CHECKSUM = 0x0b0a8c37;

/**
 * Writes K, PAD64_KW (K + W of the block that pads a 64-byte message) and IV
 * into `buffer` at byte `at`; false where they fail their check.
 * @param {ArrayBufferLike} buffer
 * @param {number} at
 * @returns {boolean}
 */
export function writeTables(buffer, at) {
  // Words: K at 0, PAD64_KW at 64, IV at 128.
  const t = new Int32Array(buffer, at, 136);
  const fraction = (/** @type {number} */ x) => (x - Math.floor(x)) * 4294967296;
  // The fractional bits of the square roots (IV) and cube roots (K) of the
  // first primes, the cube root by Newton's method from above, until it
  // falls no more: about six steps a prime, where 40 took a millisecond
  // more of start-up (performance-notes, "Start-up").
  for (let n = 2, found = 0; found < 64; n++) {
    let prime = true;
    for (let d = 2; d * d <= n; d++) prime &&= n % d !== 0;
    if (!prime) continue;
    if (found < 8) t[128 + found] = fraction(Math.sqrt(n));
    let x = 7;
    for (let y; (y = (2 * x + n / (x * x)) / 3) < x; ) x = y;
    t[found++] = fraction(x);
  }
  // K + W of the padding block's schedule.
  const w = padding();
  for (let i = 0; i < 64; i++) t[64 + i] = t[i] + w[i];
  let h = 0;
  for (let i = 0; i < 136; i++) h = Math.imul(h ^ t[i], 0x9e3779b1);
  return h === (CHECKSUM | 0);
}

/**
 * The message schedule of the block that pads a 64-byte message: 0x80,
 * zeros, the bit length 512.
 * @returns {Int32Array}
 */
export function padding() {
  const w = new Int32Array(64);
  w[0] = 0x80000000;
  w[15] = 512;
  extend(w);
  return w;
}

/**
 * FIPS 180-4's message schedule of a block, in place: w[16..63] from
 * w[0..15]. The portable core's, and writeTables' for the padding block.
 * @param {Int32Array} w
 */
export function extend(w) {
  for (let t = 16; t < 64; t++) {
    const a = w[t - 15];
    const b = w[t - 2];
    w[t] = ((b >>> 17 | b << 15) ^ (b >>> 19 | b << 13) ^ b >>> 10) + w[t - 7] + ((a >>> 7 | a << 25) ^ (a >>> 18 | a << 14) ^ a >>> 3) + w[t - 16];
  }
}

/**
 * Writes the lanes' tables after those at byte `at` (which writeTables
 * wrote), each word in the four lanes of a vector: 2^n for x4m's left
 * shifts, PAD64_KW and K. Only bundles that use the lanes module carry this.
 * @param {ArrayBufferLike} buffer
 * @param {number} at
 */
export function writeLaneTables(buffer, at) {
  // Words: 2^n at 136, PAD64_KW at 264, K at 520, 16-byte aligned as in struct Tables.
  const t = new Int32Array(buffer, at, 776);
  for (let i = 0; i < 64; i++) {
    if (i < 32) t.fill(1 << i, 136 + 4 * i, 140 + 4 * i);
    t.fill(t[64 + i], 264 + 4 * i, 268 + 4 * i);
    t.fill(t[i], 520 + 4 * i, 524 + 4 * i);
  }
}
