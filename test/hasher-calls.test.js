// The persistent-merkle-tree Hasher's single-message calls against
// persistent-merkle-tree's noble hasher, and its errors against its
// as-sha256 hasher's.
import assert from "node:assert/strict";
import {LeafNode, subtreeFillToDepth, zeroHash} from "@chainsafe/persistent-merkle-tree";
import {hasher as asSha256Hasher} from "@chainsafe/persistent-merkle-tree/hasher/as-sha256";
import {hasher as hashtreeHasher} from "@chainsafe/persistent-merkle-tree/hasher/hashtree";
import {hasher as nobleHasher} from "@chainsafe/persistent-merkle-tree/hasher/noble";
import {hasher} from "sha256-simd/hasher";
import {
  assertBytesEqual,
  errorOf,
  forEachModule,
  hashObjectBytes,
  pseudoRandomBytes,
  pseudoRandomHashObject,
} from "./support/helpers.js";
import {blocksOf, merkleizeBytesWith, nobleBytesRoot} from "./support/merkle.js";

forEachModule("hasher", () => {
  describe("digest64, digest64Into, digest64HashObjects, hashInto", () => {
    const a = pseudoRandomBytes(32, 1);
    const b = pseudoRandomBytes(32, 2);

    it("match the noble hasher", () => {
      assertBytesEqual(hasher.digest64(a, b), nobleHasher.digest64(a, b));
      const out = new Uint8Array(32);
      hasher.digest64Into(a, b, out);
      assertBytesEqual(out, nobleHasher.digest64(a, b));
      const input = pseudoRandomBytes(64 * 13, 13);
      const got = new Uint8Array(32 * 13);
      const expected = new Uint8Array(32 * 13);
      hasher.hashInto(input, got);
      nobleHasher.hashInto(input, expected);
      assertBytesEqual(got, expected);
    });

    it("digest64HashObjects writes the parent HashObject", () => {
      for (let seed = 1; seed < 20; seed++) {
        const left = pseudoRandomHashObject(seed);
        const right = pseudoRandomHashObject(seed + 100);
        const parent = {h0: 0, h1: 0, h2: 0, h3: 0, h4: 0, h5: 0, h6: 0, h7: 0};
        const expected = {h0: 0, h1: 0, h2: 0, h3: 0, h4: 0, h5: 0, h6: 0, h7: 0};
        hasher.digest64HashObjects(left, right, parent);
        nobleHasher.digest64HashObjects(left, right, expected);
        assert.deepEqual(parent, expected);
        assertBytesEqual(hashObjectBytes(parent), nobleHasher.digest64(hashObjectBytes(left), hashObjectBytes(right)));
      }
    });

    it("digest64HashObjects computes a 64-level zero tree from its leaf up", () => {
      // One fresh node per level, hashed from its children as BranchNode.rootHashObject does.
      const root = subtreeFillToDepth(LeafNode.fromZero(), 64);
      let node = root;
      const saved = [];
      while (!node.isLeaf()) {
        saved.push(node);
        node = node.left;
      }
      for (const n of saved.reverse()) hasher.digest64HashObjects(n.left, n.right, n);
      assertBytesEqual(root.root, zeroHash(64));
    });
  });

  describe("bad arguments", () => {

    /** Our error equals the reference hasher's, and the next call is right. */
    function sameError(call, reference = asSha256Hasher) {
      const expected = errorOf(() => call(reference));
      const got = errorOf(() => call(hasher));
      assert.ok(expected, "the reference hasher did not throw");
      assert.ok(got, `did not throw: ${expected.message}`);
      assert.equal(got.constructor, expected.constructor);
      assert.equal(got.message, expected.message);
      const bytes = pseudoRandomBytes(64 * 3, 5);
      assertBytesEqual(merkleizeBytesWith(hasher, bytes, 4, 0), nobleBytesRoot(bytes, 4, 0), "call after the error");
    }

    const out = () => new Uint8Array(32);

    it("merkleizeBlocksBytes", () => {
      sameError((h) => h.merkleizeBlocksBytes(new Uint8Array(64), 0, out(), 0));
      sameError((h) => h.merkleizeBlocksBytes(new Uint8Array(64), -3, out(), 0));
      sameError((h) => h.merkleizeBlocksBytes(new Uint8Array(33), 4, out(), 0));
      sameError((h) => h.merkleizeBlocksBytes(new Uint8Array(96), 4, out(), 0));
    });

    // Theirs throw the RangeError of output.set(), naming nothing, after the
    // work; ours names the offset, before it (arguments.test.js has the rest).
    it("an offset past the output: a RangeError as theirs, naming the offset", () => {
      const blocks = () => blocksOf(new Uint8Array(64 * 4));
      for (const [fn, call] of [
        ["merkleizeBlocksBytes", (h) => h.merkleizeBlocksBytes(new Uint8Array(64), 2, out(), 1)],
        ["merkleizeBlockArray", (h) => h.merkleizeBlockArray(blocks(), 4, 8, out(), 2)],
      ]) {
        assert.ok(errorOf(() => call(asSha256Hasher)) instanceof RangeError);
        assert.throws(() => call(hasher), {name: "RangeError", message: new RegExp(`^${fn}: offset must be an integer from 0 to 0, got`)});
      }
    });

    it("merkleizeBlocksBytes with an infinite padFor throws instead of looping", () => {
      const infinite = {name: "RangeError", message: "merkleizeBlocksBytes: padFor must be a finite number, got Infinity"};
      assert.throws(() => hasher.merkleizeBlocksBytes(new Uint8Array(64), Infinity, out(), 0), infinite);
      assert.throws(() => hasher.merkleizeBlocksBytes(new Uint8Array(0), Infinity, out(), 0), infinite);
    });

    it("merkleizeBlockArray", () => {
      const blocks = () => blocksOf(new Uint8Array(64 * 4));
      sameError((h) => h.merkleizeBlockArray(blocks(), 4, 0, out(), 0));
      sameError((h) => h.merkleizeBlockArray(blocks(), 5, 8, out(), 0));
      sameError((h) => h.merkleizeBlockArray([...blocks(), new Uint8Array(32)], 2, 8, out(), 0));
    });

    it("digestNLevel", () => {
      sameError((h) => h.digestNLevel(new Uint8Array(64), 0));
      sameError((h) => h.digestNLevel(new Uint8Array(96), 1));
      sameError((h) => h.digestNLevel(new Uint8Array(128), 3));
    });

    it("executeHashComputations", () => {
      sameError((h) => h.executeHashComputations([[], undefined, []]));
      const leaf = LeafNode.fromZero();
      sameError((h) => h.executeHashComputations([[{src0: leaf, src1: null, dest: leaf}]]), hashtreeHasher);
    });

    it("digest64, digest64Into, hashInto", () => {
      sameError((h) => h.digest64(new Uint8Array(31), new Uint8Array(32)));
      sameError((h) => h.digest64Into(new Uint8Array(32), new Uint8Array(32), new Uint8Array(31)));
      sameError((h) => h.hashInto(new Uint8Array(65), new Uint8Array(32)));
      sameError((h) => h.hashInto(new Uint8Array(128), new Uint8Array(32)));
    });
  });
});
