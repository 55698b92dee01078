// The persistent-merkle-tree hashers, single-threaded and on the pool, with
// the caller's code calling the package from inside executeHashComputations:
// from dest.applyHash, from a level's iterator, from a src0 getter, and a
// nested executeHashComputations from applyHash. Roots are checked against
// persistent-merkle-tree's own noble hasher on the same leaves.
import assert from "node:assert/strict";
import {LeafNode, subtreeFillToContents} from "@chainsafe/persistent-merkle-tree";
import {hasher as nobleHasher} from "@chainsafe/persistent-merkle-tree/hasher/noble";
import {hasher} from "sha256-simd/hasher";
import {digest64, hashInto} from "sha256-simd";
import {createHashPool} from "sha256-simd/pool";
import {assertBytesEqual, forEachModule, pseudoRandomBytes, sha256Oracle} from "./support/helpers.js";
import {SPREAD_ALWAYS} from "./support/pool.js";

/** A tree of `count` pseudo-random leaves, its HashComputations, and its root by noble. */
function tree(count, depth, seed) {
  const bytes = pseudoRandomBytes(32 * count, seed);
  const leaves = Array.from({length: count}, (_, i) => LeafNode.fromRoot(bytes.slice(32 * i, 32 * i + 32)));
  const hcByLevel = [];
  const root = subtreeFillToContents(leaves, depth, 0, hcByLevel);
  const padded = new Uint8Array(bytes.length + (count % 2) * 32);
  padded.set(bytes);
  const expected = new Uint8Array(32);
  nobleHasher.merkleizeBlocksBytes(padded, 2 ** depth, expected, 0);
  return {root, hcByLevel, expected};
}

/** The levels of hcByLevel with `call` run from applyHash, from each level's iterator and from each src0 getter, as `where` says. */
function calling(hcByLevel, call, where) {
  return hcByLevel.map((level) => {
    const items = [...level].map(({src0, src1, dest}) => ({
      src0: where === "src0" ? new Proxy(src0, {get: (t, p) => (call(), Reflect.get(t, p))}) : src0,
      src1,
      dest: where === "applyHash" ? {applyHash: (h) => (call(), dest.applyHash(h), call())} : dest,
    }));
    if (where !== "iterator") return items;
    return {
      length: items.length,
      [Symbol.iterator]: () => {
        let i = 0;
        return {next: () => (call(), i < items.length ? {done: false, value: items[i++]} : {done: true, value: undefined})};
      },
    };
  });
}

const m64 = pseudoRandomBytes(64, 9);
const nestedDigest = () => assertBytesEqual(digest64(m64), sha256Oracle(m64), "digest64 from inside");

/** Runs `execute` on a tree with nested calls in each place, and a nested execute from applyHash; checks every root. */
function checkHasher(execute, count, depth) {
  for (const where of ["applyHash", "iterator", "src0"]) {
    const t = tree(count, depth, count + where.length);
    execute(calling(t.hcByLevel, nestedDigest, where));
    assertBytesEqual(t.root.root, t.expected, `digest64 from ${where}`);
  }
  const outer = tree(count, depth, 3);
  const inner = tree(count >> 1, depth - 1, 4);
  let done = false;
  execute(calling(outer.hcByLevel, () => done || ((done = true), execute(inner.hcByLevel)), "applyHash"));
  assertBytesEqual(outer.root.root, outer.expected, "outer tree, with executeHashComputations nested");
  assertBytesEqual(inner.root.root, inner.expected, "the nested tree");
}

forEachModule("executeHashComputations with calls from inside it", function () {
  it("gives persistent-merkle-tree's roots, also with executeHashComputations nested in applyHash", function () {
    checkHasher((hc) => hasher.executeHashComputations(hc), 1000, 10);
  });
});

describe("the pool's hasher with calls from inside it", function () {
  this.timeout(120000);
  let pool;
  before(async function () {
    pool = await createHashPool({threads: 2, ...SPREAD_ALWAYS});
  });
  after(async function () {
    await pool?.close();
  });

  it("gives persistent-merkle-tree's roots on trees big enough to split, also with the pool called from applyHash", function () {
    checkHasher((hc) => pool.hasher.executeHashComputations(hc), 8192, 13);
    // A pool call from applyHash, while the pool runs a job: on the caller, right, and the outer call returns.
    const t = tree(8192, 13, 5);
    const input = pseudoRandomBytes(64 * 4096, 6);
    const output = new Uint8Array(32 * 4096);
    let calls = 0;
    pool.hasher.executeHashComputations(calling(t.hcByLevel, () => calls++ % 500 || pool.hashInto(input, output), "applyHash"));
    assertBytesEqual(t.root.root, t.expected);
    const expected = new Uint8Array(32 * 4096);
    hashInto(input, expected);
    assertBytesEqual(output, expected, "pool.hashInto from applyHash");
    assert.ok(calls > 8000);
  });
});
