// Re-derives every table that the loader writes into an instance as it loads
// (js/core/tables.js; natively cpp/constants.cpp) from its definition in FIPS
// 180-4, in exact integer arithmetic (BigInt roots, no floating point), and
// compares the tables in each backend's memory, and the checksum both hold
// them to.
import assert from "node:assert/strict";
import {readFileSync} from "node:fs";
import {lanes} from "../js/core/lanes.js";
import {core} from "../js/core/loader.js";
import {CHECKSUM, writeTables} from "../js/core/tables.js";
import {forEachModule} from "./support/helpers.js";

const source = readFileSync(new URL("../cpp/constants.cpp", import.meta.url), "utf8");

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

const primes = firstPrimes(64);
const derivedK = primes.map((p) => fractionBits(p, 3n));
const derivedIV = primes.slice(0, 8).map((p) => fractionBits(p, 2n));
// Padding of a 512-bit message: 0x80 then zeros, then the 64-bit length 512.
const padW = messageSchedule([0x80000000, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 512]);
const derivedPad = derivedK.map((k, t) => (k + padW[t]) >>> 0);

describe("constants: FIPS 180-4 re-derived", function () {
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

  it("CHECKSUM in js/core/tables.js and kChecksum in cpp/constants.cpp are the checksum of the derived tables (K, then PAD64_KW, then IV)", function () {
    let h = 0;
    for (const x of [...derivedK, ...derivedPad, ...derivedIV]) h = Math.imul(h ^ x, 0x9e3779b1) >>> 0;
    const m = source.match(/kChecksum = (0x[0-9a-f]+)u?;/);
    assert.ok(m, "kChecksum not found in cpp/constants.cpp");
    assert.equal(m[1], `0x${h.toString(16).padStart(8, "0")}`);
    assert.equal(CHECKSUM, h);
  });

  it("writeTables reports tables that fail their check: square roots off in their 32nd fractional bit", function () {
    const sqrt = Math.sqrt;
    assert.equal(writeTables(new ArrayBuffer(4096), 0), true);
    Math.sqrt = (x) => sqrt(x) + 2 ** -32;
    try {
      assert.equal(writeTables(new ArrayBuffer(4096), 0), false);
    } finally {
      Math.sqrt = sqrt;
    }
  });
});

forEachModule("constants as the module computes them", function (module) {
  /** The module's tables, at the address init() returns; with SIMD, once the lanes are linked, x4m's 2^n and PAD64_KW in four lanes each. */
  function tables() {
    const at = core.init(module.singleStream === "scalar" ? 1 : 0);
    if (module.simd) assert.ok(lanes() !== null);
    const words = new Uint32Array(core.memory.buffer, at, module.simd ? 136 + 4 * 32 + 4 * 64 : 136);
    return {
      k: [...words.subarray(0, 64)],
      pad: [...words.subarray(64, 128)],
      iv: [...words.subarray(128, 136)],
      pow2X4: [...words.subarray(136, 264)],
      padX4: [...words.subarray(264, 520)],
    };
  }

  /** Each word four times, as the lanes of a vector. */
  const inFourLanes = (words) => words.flatMap((w) => [w, w, w, w]);

  it("K[t]: fractional parts of the cube roots of the first 64 primes (section 4.2.2)", function () {
    assert.deepEqual(hex(tables().k), hex(derivedK));
  });

  it("IV: fractional parts of the square roots of the first 8 primes (section 5.3.3)", function () {
    assert.deepEqual(hex(tables().iv), hex(derivedIV));
  });

  it("PAD64_KW[t] = K[t] + W[t] of the padding block of a 64-byte message (sections 5.1.1, 6.2.2)", function () {
    assert.deepEqual(hex(tables().pad), hex(derivedPad));
  });

  if (module.simd) {
    it("x4m's tables: 2^n for n < 32, and PAD64_KW[t], each in the four lanes of a vector", function () {
      const t = tables();
      assert.deepEqual(hex(t.pow2X4), hex(inFourLanes(Array.from({length: 32}, (_, n) => 2 ** n))));
      assert.deepEqual(hex(t.padX4), hex(inFourLanes(derivedPad)));
    });
  }
});
