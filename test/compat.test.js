// Drop-in compatibility with @chainsafe/as-sha256: the same exports and the
// same results. Where as-sha256 is wrong, node:crypto is the oracle, and the
// test shows as-sha256's error so that the difference is deliberate.
import assert from "node:assert/strict";
import * as as from "@chainsafe/as-sha256";
import * as ours from "sha256-simd";
import {assertBytesEqual, forEachModule, pseudoRandomBytes, pseudoRandomHashObject, sha256Oracle, toHex} from "./support/helpers.js";

const bytes = (n, seed) => pseudoRandomBytes(n, seed);
const hashObjects = (n, seed) => Array.from({length: n}, (_, i) => pseudoRandomHashObject(seed + i));

/** Calls `call(lib)` on both libraries and returns both results. */
function both(call) {
  return [call(ours), call(as)];
}

// Each case calls one function the same way on both libraries; "Into"
// functions return what they wrote.
const cases = {
  digest: (seed) =>
    [0, 1, 31, 32, 55, 56, 63, 64, 65, 119, 128, 1000, 100000, (1 << 20) + 3].map((n) => (lib) => lib.digest(bytes(n, seed + n))),
  digest64: (seed) => [(lib) => lib.digest64(bytes(64, seed))],
  digest64Into: (seed) => [
    (lib) => {
      const out = new Uint8Array(32);
      lib.digest64Into(bytes(64, seed), out);
      return out;
    },
  ],
  digest2Bytes32: (seed) => [(lib) => lib.digest2Bytes32(bytes(32, seed), bytes(32, seed + 1))],
  digest2Bytes32Into: (seed) => [
    (lib) => {
      const out = new Uint8Array(32);
      lib.digest2Bytes32Into(bytes(32, seed), bytes(32, seed + 1), out);
      return out;
    },
  ],
  digest64HashObjects: (seed) => [(lib) => lib.digest64HashObjects(...hashObjects(2, seed))],
  digest64HashObjectsInto: (seed) => [
    (lib) => {
      const out = {h0: 0, h1: 0, h2: 0, h3: 0, h4: 0, h5: 0, h6: 0, h7: 0};
      lib.digest64HashObjectsInto(...hashObjects(2, seed), out);
      return out;
    },
  ],
  batchHash4UintArray64s: (seed) => [(lib) => lib.batchHash4UintArray64s([0, 1, 2, 3].map((i) => bytes(64, seed + i)))],
  batchHash4HashObjectInputs: (seed) => [(lib) => lib.batchHash4HashObjectInputs(hashObjects(8, seed))],
  hashInto: (seed) =>
    [0, 1, 3, 4, 5, 7, 13, 31, 100, 20000].map((count) => (lib) => {
      const out = new Uint8Array(32 * count);
      lib.hashInto(bytes(64 * count, seed + count), out);
      return out;
    }),
  // as-sha256's SHA256 is right when init() is called first and every update
  // is a multiple of 64 bytes.
  SHA256: (seed) => [
    (lib) => {
      const data = bytes(64 * 40, seed);
      const h = new lib.SHA256().init();
      for (const [a, b] of [[0, 64], [64, 64], [64, 1024], [1024, 2560]]) h.update(data.subarray(a, b));
      return h.final();
    },
  ],
  byteArrayToHashObject: (seed) => [(lib) => lib.byteArrayToHashObject(bytes(40, seed), 5)],
  byteArrayIntoHashObject: (seed) => [
    (lib) => {
      const out = {h0: 0, h1: 0, h2: 0, h3: 0, h4: 0, h5: 0, h6: 0, h7: 0};
      lib.byteArrayIntoHashObject(bytes(40, seed), 3, out);
      return out;
    },
  ],
  hashObjectToByteArray: (seed) => [
    (lib) => {
      const out = new Uint8Array(40);
      lib.hashObjectToByteArray(pseudoRandomHashObject(seed), out, 8);
      return out;
    },
  ],
  allocUnsafe: () => [0, 1, 32, 100].map((n) => (lib) => [lib.allocUnsafe(n).length, lib.allocUnsafe(n) instanceof Uint8Array]),
};

describe("compatibility with @chainsafe/as-sha256: exports", function () {
  it("every export of as-sha256 exists here, with the same typeof and number of parameters", function () {
    const names = Object.keys(as);
    assert.ok(names.length >= 17, `as-sha256 exports only ${names}`);
    for (const name of names) {
      assert.ok(name in ours, `${name} is missing`);
      assert.equal(typeof ours[name], typeof as[name], name);
      if (typeof as[name] === "function") assert.equal(ours[name].length, as[name].length, `${name}.length`);
    }
  });

  it("SHA256 has as-sha256's methods; the aliases are the batch functions", function () {
    for (const method of ["init", "update", "final"]) {
      assert.equal(typeof ours.SHA256.prototype[method], "function", method);
      assert.equal(ours.SHA256.prototype[method].length, as.SHA256.prototype[method].length, `${method}.length`);
    }
    assert.equal(ours.hash4Input64s, ours.batchHash4UintArray64s);
    assert.equal(ours.hash8HashObjects, ours.batchHash4HashObjectInputs);
  });

  it("every function of as-sha256 has a case below", function () {
    const functions = Object.keys(as).filter((name) => typeof as[name] === "function" && name !== "reinitializeInstance");
    assert.deepEqual(functions.filter((name) => !(name in cases)), []);
  });
});

forEachModule("compatibility with @chainsafe/as-sha256: the same results on random inputs", function () {
  for (const [name, makeCalls] of Object.entries(cases)) {
    it(name, function () {
      for (let seed = 1; seed <= 3; seed++) {
        makeCalls(seed * 1000).forEach((call, i) => {
          const [mine, theirs] = both(call);
          assert.deepEqual(mine, theirs, `${name}, seed ${seed}, call ${i}`);
        });
      }
    });
  }
});

forEachModule("where as-sha256 is wrong, node:crypto is the oracle", function () {
  it("SHA256 fed 100 bytes in chunks of 10 (not multiples of 64): as-sha256 differs from node:crypto, ours agrees", function () {
    const data = bytes(100, 5);
    const [mine, theirs] = both((lib) => {
      const h = new lib.SHA256().init();
      for (let off = 0; off < 100; off += 10) h.update(data.subarray(off, off + 10));
      return h.final();
    });
    const expected = sha256Oracle(data);
    assert.notEqual(toHex(theirs), toHex(expected), "as-sha256 now gets this right: this test should be revisited");
    assertBytesEqual(mine, expected);
  });

  it("SHA256 fed 1000 bytes at random split points: as-sha256 differs from node:crypto, ours agrees", function () {
    const data = bytes(1000, 6);
    const cuts = [0, 1, 70, 71, 200, 333, 640, 999, 1000];
    const [mine, theirs] = both((lib) => {
      const h = new lib.SHA256().init();
      for (let i = 1; i < cuts.length; i++) h.update(data.subarray(cuts[i - 1], cuts[i]));
      return h.final();
    });
    const expected = sha256Oracle(data);
    assert.notEqual(toHex(theirs), toHex(expected), "as-sha256 now gets this right: this test should be revisited");
    assertBytesEqual(mine, expected);
  });

  it("new SHA256() used without init(): as-sha256 differs from node:crypto, ours agrees", function () {
    // as-sha256's constructor leaves the state unset; ours starts a hash.
    const data = bytes(128, 7);
    const [mine, theirs] = both((lib) => new lib.SHA256().update(data).final());
    const expected = sha256Oracle(data);
    assert.notEqual(toHex(theirs), toHex(expected), "as-sha256 now gets this right: this test should be revisited");
    assertBytesEqual(mine, expected);
  });

  const garbage = [
    ["digest(\"abc\")", (lib) => lib.digest("abc"), new Uint8Array(3), "three zero bytes"],
    ["digest(42)", (lib) => lib.digest(42), new Uint8Array(0), "the empty input"],
    ["digest64(\"a\".repeat(64))", (lib) => lib.digest64("a".repeat(64)), new Uint8Array(64), "64 zero bytes"],
  ];
  for (const [title, call, hashedInstead, what] of garbage) {
    it(`${title}: as-sha256 returns the hash of ${what} (per node:crypto); ours throws a TypeError`, function () {
      assertBytesEqual(call(as), sha256Oracle(hashedInstead));
      assert.throws(() => call(ours), TypeError);
    });
  }
});
