// HashObjects: deep-equal to as-sha256's (signed words, as it makes them), and
// the bytes they stand for agree with node:crypto.
import assert from "node:assert/strict";
import * as as from "@chainsafe/as-sha256";
import {
  batchHash4HashObjectInputs,
  byteArrayIntoHashObject,
  byteArrayToHashObject,
  digest64HashObjects,
  digest64HashObjectsInto,
  hashObjectToByteArray,
} from "sha256-simd";
import {
  assertBytesEqual,
  concatBytes,
  forEachModule,
  hashObjectBytes,
  pseudoRandomBytes,
  pseudoRandomHashObject,
  sha256Oracle,
} from "./support/helpers.js";

const keys = ["h0", "h1", "h2", "h3", "h4", "h5", "h6", "h7"];

function assertSignedWords(obj) {
  assert.deepEqual(Object.keys(obj), keys);
  for (const k of keys) {
    assert.ok(Number.isInteger(obj[k]) && obj[k] === (obj[k] | 0), `${k} = ${obj[k]} is not a signed 32-bit word`);
  }
}

forEachModule("HashObject hashing: as-sha256's results, node:crypto's bytes", function () {
  it("digest64HashObjects, signed and unsigned input words", function () {
    for (let i = 0; i < 50; i++) {
      const a = pseudoRandomHashObject(2 * i + 1, i % 2 === 1);
      const b = pseudoRandomHashObject(2 * i + 2, i % 3 === 1);
      const ours = digest64HashObjects(a, b);
      assert.deepEqual(ours, as.digest64HashObjects(a, b), `pair ${i}`);
      assertSignedWords(ours);
      assertBytesEqual(hashObjectBytes(ours), sha256Oracle(concatBytes(hashObjectBytes(a), hashObjectBytes(b))), `pair ${i}`);
    }
  });

  it("digest64HashObjectsInto writes into the given object, which may be an input", function () {
    for (let i = 0; i < 20; i++) {
      const a = pseudoRandomHashObject(3 * i + 1);
      const b = pseudoRandomHashObject(3 * i + 2);
      const expected = as.digest64HashObjects(a, b);
      const out = {h0: 0, h1: 0, h2: 0, h3: 0, h4: 0, h5: 0, h6: 0, h7: 0};
      assert.equal(digest64HashObjectsInto(a, b, out), undefined);
      assert.deepEqual(out, expected);
      digest64HashObjectsInto(a, b, a);
      assert.deepEqual(a, expected, "output aliasing obj1");
    }
  });

  it("batchHash4HashObjectInputs", function () {
    for (let round = 0; round < 20; round++) {
      const inputs = Array.from({length: 8}, (_, i) => pseudoRandomHashObject(50 * round + i, i % 2 === 0));
      const ours = batchHash4HashObjectInputs(inputs);
      assert.deepEqual(ours, as.batchHash4HashObjectInputs(inputs), `round ${round}`);
      ours.forEach(assertSignedWords);
    }
  });
});

describe("HashObject conversions: as-sha256's results", function () {
  const bytes = pseudoRandomBytes(32 * 40 + 7, 3);

  it("byteArrayToHashObject and byteArrayIntoHashObject, at offsets 0, 7, 14, ...", function () {
    for (let off = 0; off + 32 <= bytes.length; off += 7) {
      const ours = byteArrayToHashObject(bytes, off);
      assert.deepEqual(ours, as.byteArrayToHashObject(bytes, off), `offset ${off}`);
      assertSignedWords(ours);
      const into = {h0: 1, h1: 1, h2: 1, h3: 1, h4: 1, h5: 1, h6: 1, h7: 1};
      byteArrayIntoHashObject(bytes, off, into);
      assert.deepEqual(into, ours, `offset ${off}`);
      assertBytesEqual(hashObjectBytes(ours), bytes.subarray(off, off + 32), `offset ${off}`);
    }
  });

  it("hashObjectToByteArray, for signed and unsigned words, writing only its 32 bytes", function () {
    for (let i = 0; i < 40; i++) {
      const obj = pseudoRandomHashObject(i + 9, i % 2 === 0);
      const ours = new Uint8Array(40).fill(0x77);
      const theirs = new Uint8Array(40).fill(0x77);
      hashObjectToByteArray(obj, ours, 5);
      as.hashObjectToByteArray(obj, theirs, 5);
      assertBytesEqual(ours, theirs, `object ${i}`);
      assertBytesEqual(ours.subarray(5, 37), hashObjectBytes(obj), `object ${i}`);
    }
  });

  it("round trip: bytes -> HashObject -> bytes, and HashObject -> bytes -> HashObject", function () {
    for (let off = 0; off + 32 <= bytes.length; off += 32) {
      const out = new Uint8Array(32);
      hashObjectToByteArray(byteArrayToHashObject(bytes, off), out, 0);
      assertBytesEqual(out, bytes.subarray(off, off + 32));
    }
    const obj = pseudoRandomHashObject(5);
    const buf = new Uint8Array(32);
    hashObjectToByteArray(obj, buf, 0);
    assert.deepEqual(byteArrayToHashObject(buf, 0), obj);
  });
});
