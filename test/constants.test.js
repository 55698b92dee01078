// Re-derives every table of cpp/sha256_constants.h from its definition in
// FIPS 180-4, in exact integer arithmetic (BigInt roots, no floating point).
import assert from "node:assert/strict";
import {readFileSync} from "node:fs";

const header = readFileSync(new URL("../cpp/sha256_constants.h", import.meta.url), "utf8");

/** The entries of `name[size] = {...}` in the header, checked against the declared size. */
function table(name) {
  const m = header.match(new RegExp(`\\b${name}\\[(\\d+)\\]\\s*=\\s*\\{([^}]*)\\}`));
  assert.ok(m, `${name} not found in cpp/sha256_constants.h`);
  const values = m[2].match(/0x[0-9a-fA-F]+/g).map((h) => parseInt(h, 16) >>> 0);
  assert.equal(values.length, Number(m[1]), `${name}: entry count differs from its declared size`);
  return values;
}

function firstPrimes(count) {
  const primes = [];
  for (let n = 2; primes.length < count; n++) {
    if (primes.every((p) => n % p !== 0)) primes.push(n);
  }
  return primes;
}

/** floor(n ** (1 / k)) for a BigInt n >= 0, by Newton's method from above. */
function integerRoot(n, k) {
  if (n < 2n) return n;
  let x = 1n << BigInt(Math.ceil(n.toString(2).length / Number(k)));
  for (;;) {
    const next = ((k - 1n) * x + n / x ** (k - 1n)) / k;
    if (next >= x) return x;
    x = next;
  }
}

/** The first 32 bits of the fractional part of p ** (1 / k): floor(2^32 * root) mod 2^32. */
function fractionBits(p, k) {
  return Number(integerRoot(BigInt(p) << (32n * k), k) & 0xffffffffn);
}

const rotr = (x, n) => ((x >>> n) | (x << (32 - n))) >>> 0;
const sigma0 = (x) => (rotr(x, 7) ^ rotr(x, 18) ^ (x >>> 3)) >>> 0;
const sigma1 = (x) => (rotr(x, 17) ^ rotr(x, 19) ^ (x >>> 10)) >>> 0;

/** FIPS 180-4 section 6.2.2 step 1: the 64-word message schedule of one block. */
function messageSchedule(block16) {
  const w = [...block16];
  for (let t = 16; t < 64; t++) w.push((sigma1(w[t - 2]) + w[t - 7] + sigma0(w[t - 15]) + w[t - 16]) >>> 0);
  return w;
}

const hex = (words) => words.map((w) => w.toString(16).padStart(8, "0"));

describe("constants: cpp/sha256_constants.h re-derived from FIPS 180-4", function () {
  const primes = firstPrimes(64);
  const derivedK = primes.map((p) => fractionBits(p, 3n));

  it("the integer roots are exact", function () {
    assert.equal(integerRoot(26n, 3n), 2n);
    assert.equal(integerRoot(27n, 3n), 3n);
    assert.equal(integerRoot(28n, 3n), 3n);
    assert.equal(integerRoot(99n, 2n), 9n);
    assert.equal(integerRoot(100n, 2n), 10n);
    const big = (1n << 200n) + 12345n;
    for (const k of [2n, 3n]) {
      const r = integerRoot(big, k);
      assert.ok(r ** k <= big && (r + 1n) ** k > big, `root ${k} of 2^200 + 12345`);
    }
    assert.deepEqual(primes.slice(0, 10), [2, 3, 5, 7, 11, 13, 17, 19, 23, 29]);
    assert.equal(primes[63], 311);
  });

  it("K[t]: fractional parts of the cube roots of the first 64 primes (section 4.2.2)", function () {
    assert.deepEqual(hex(table("K")), hex(derivedK));
  });

  it("IV: fractional parts of the square roots of the first 8 primes (section 5.3.3)", function () {
    assert.deepEqual(hex(table("IV")), hex(primes.slice(0, 8).map((p) => fractionBits(p, 2n))));
  });

  it("PAD64_KW[t] = K[t] + W[t] of the padding block of a 64-byte message (sections 5.1.1, 6.2.2)", function () {
    // Padding of a 512-bit message: 0x80 then zeros, then the 64-bit length 512.
    const block = [0x80000000, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 512];
    const w = messageSchedule(block);
    assert.deepEqual(hex(table("PAD64_KW")), hex(derivedK.map((k, t) => (k + w[t]) >>> 0)));
  });
});
