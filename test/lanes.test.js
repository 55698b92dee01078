// The 4-lane shape (js/core/lanes.js): each shape right through every
// function that runs on the lanes, the measuring right while it goes on, and
// the modules that import a compression linked again to the shape chosen.
import assert from "node:assert/strict";
import {digestMany, hashInto} from "../js/index.js";
import {hasher} from "../js/hasher.js";
import {choices} from "../js/core/engine.js";
import {lanes, shape, useShape} from "../js/core/lanes.js";
import {useBackend} from "../js/core/loader.js";
import {reinitializeInstance} from "../js/index.js";
import {nobleBytesRoot} from "./support/merkle.js";
import {assertBytesEqual, pseudoRandomBytes, sha256Oracle} from "./support/helpers.js";

/** The digests of n 64-byte messages, from node:crypto. */
function expectedOf(input) {
  const out = new Uint8Array(input.length / 2);
  for (let i = 0; i < input.length / 64; i++) out.set(sha256Oracle(input.subarray(64 * i, 64 * i + 64)), 32 * i);
  return out;
}

/** hashInto, digestMany and merkleizeBlocksBytes against their oracles. */
function checkLaneUsers(seed) {
  const input = pseudoRandomBytes(64 * 37, seed);
  const out = new Uint8Array(input.length / 2);
  hashInto(input, out);
  assertBytesEqual(out, expectedOf(input));
  const messages = [5, 64, 100, 300, 1000, 55, 64].map((n, i) => pseudoRandomBytes(n, seed + i));
  digestMany(messages).forEach((d, i) => assertBytesEqual(d, sha256Oracle(messages[i])));
  const chunks = pseudoRandomBytes(64 * 64, seed + 50);
  const root = new Uint8Array(32);
  hasher.merkleizeBlocksBytes(chunks, 128, root, 0);
  assertBytesEqual(root, nobleBytesRoot(chunks, 128, 0).subarray(0, 32));
}

describe("the 4-lane shape", function () {
  this.timeout(60_000);
  after(function () {
    reinitializeInstance();
    useShape(choices.lanes);
  });

  it("each shape, set in turn, serves hashInto, digestMany and the merkle module alike", function () {
    for (const s of ["x4", "x4m", "x4", "x4m"]) {
      useShape(s);
      assert.equal(shape, s);
      checkLaneUsers(s.length * 10);
    }
  });

  it("measured: every call right while the shapes take turns, then one is chosen and every module follows it", function () {
    if (lanes() === null) this.skip();
    useShape("measure");
    assert.equal(shape, null);
    const input = pseudoRandomBytes(64 * 4099, 7);
    const expected = expectedOf(input);
    const out = new Uint8Array(input.length / 2);
    const started = Date.now();
    while (shape === null) {
      assert.ok(Date.now() - started < 30_000, "no shape chosen within 30 s of hashing");
      out.fill(0);
      hashInto(input, out);
      assertBytesEqual(out, expected);
    }
    assert.ok(shape === "x4" || shape === "x4m", `chosen: ${shape}`);
    checkLaneUsers(99);
  });

  it("is not measured in the portable build, which has no lanes", function () {
    useBackend("js");
    useShape("measure");
    const input = pseudoRandomBytes(64 * 9, 8);
    const out = new Uint8Array(input.length / 2);
    hashInto(input, out);
    assertBytesEqual(out, expectedOf(input));
    assert.equal(shape, null);
  });

  it("is x4 on V8 and SpiderMonkey, measured on JavaScriptCore", function () {
    const jsc = typeof globalThis.Bun === "object";
    assert.equal(choices.lanes, jsc ? "measure" : "x4");
  });

  it("refuses an unknown shape", function () {
    assert.throws(() => useShape(/** @type {any} */ ("x8")), /useShape: "x4", "x4m" or "measure", got x8/);
  });
});
