// The persistent-merkle-tree Hasher (js/hasher.js), function by function,
// against persistent-merkle-tree's noble hasher (@noble/hashes) as the oracle,
// and its native hashtree hasher for inputs over 1 MiB; its single-message
// calls and bad arguments are in hasher-calls.test.js.
import assert from "node:assert/strict";
import {
  LeafNode,
  subtreeFillToContents,
  subtreeFillToDepth,
  zeroHash,
} from "@chainsafe/persistent-merkle-tree";
import {hasher as nobleHasher} from "@chainsafe/persistent-merkle-tree/hasher/noble";
import {hasher} from "sha256-simd/hasher";
import {assertBytesEqual, forEachModule, pseudoRandomBytes
} from "./support/helpers.js";
import {MiB, blocksOf, idOf, merkleizeBytesWith, nobleBytesRoot, once, oracleFor} from "./support/merkle.js";

/** [blocks, padFor]: lane-awkward and odd counts, non-power-of-two padFor, deep trees. */
const smallCases = [
  [1, 2],
  [2, 4],
  [3, 4],
  [3, 8],
  [5, 8],
  [7, 16],
  [13, 32],
  [31, 64],
  [100, 2 ** 40],
  [1001, 1001 * 2],
  [3, 6],
  [5, 13],
  [17, 100],
  [1, 3],
  [4, 2 ** 40],
  // More blocks than padFor: only the leftmost 2^layers chunks count.
  [5, 2],
  [5, 4],
  [9, 7],
];

const largeCases = [
  [2 ** 14, 2 ** 15],
  [2 ** 15, 2 ** 15 * 2],
  [2 ** 15, 2 ** 20],
  [2 ** 15 + 3, 2 ** 40],
  [2 ** 16, 2 ** 17],
  [2 ** 16 - 1, 2 ** 40],
  // More chunks than the buffer holds and than padFor: cut to the leftmost
  // 2^layers before any piece is hashed.
  [2 ** 16, 2 ** 15],
  [2 ** 15 + 3, 2 ** 10],
];

forEachModule("hasher", () => {
  it("has the Hasher members of persistent-merkle-tree's hashers", () => {
    for (const key of Object.keys(nobleHasher)) {
      assert.equal(typeof hasher[key], typeof nobleHasher[key], key);
    }
    assert.equal(hasher.digest64HashObjects.length, 3);
  });

  describe("merkleizeBlocksBytes", () => {
    it("matches the noble hasher for small trees, odd counts and any padFor", () => {
      for (const [n, padFor] of smallCases) {
        const bytes = pseudoRandomBytes(64 * n, n + 11);
        for (const offset of [0, 7]) {
          const expected = nobleBytesRoot(bytes, padFor, offset);
          const got = merkleizeBytesWith(hasher, bytes, padFor, offset);
          assertBytesEqual(got, expected, `${n} blocks, padFor ${padFor}`);
        }
      }
    });

    it("gives zero hashes for no blocks", () => {
      for (const padFor of [1, 2, 3, 8, 1000, 2 ** 40, 2 ** 64]) {
        const layers = Math.ceil(Math.log2(padFor));
        const output = merkleizeBytesWith(hasher, new Uint8Array(0), padFor, 3);
        assertBytesEqual(output.subarray(3, 35), zeroHash(layers), `padFor ${padFor}`);
        assertBytesEqual(output, nobleBytesRoot(new Uint8Array(0), padFor, 3), `padFor ${padFor}`);
      }
    });

    it("returns the first chunk for padFor 1, from 32 bytes or more", () => {
      for (const length of [32, 64, 96]) {
        const bytes = pseudoRandomBytes(length, length);
        assertBytesEqual(merkleizeBytesWith(hasher, bytes, 1, 5), nobleBytesRoot(bytes, 1, 5), `${length} bytes`);
      }
    });

    it("matches the hashtree hasher for inputs larger than the module's 1 MiB buffer", function () {
      this.timeout(60000);
      for (const [n, padFor] of largeCases) {
        const bytes = pseudoRandomBytes(64 * n, n);
        const got = merkleizeBytesWith(hasher, bytes, padFor, 32);
        assertBytesEqual(got, nobleBytesRoot(bytes, padFor, 32), `${n} blocks, padFor ${padFor}`);
      }
    });

    it("leaves blocksBytes and the output outside [offset, offset + 32) unchanged", () => {
      const bytes = pseudoRandomBytes(64 * 9, 9);
      const copy = bytes.slice();
      const output = merkleizeBytesWith(hasher, bytes, 16, 4);
      assert.deepEqual(bytes, copy);
      assert.ok(output.subarray(0, 4).every((b) => b === 0xa5));
      assert.ok(output.subarray(36).every((b) => b === 0xa5));
    });

    it("supports padFor beyond 2^64, with zero hashes past the module's table", () => {
      for (const [n, padFor] of [[0, 2 ** 70], [1, 2 ** 66], [3, 2 ** 80]]) {
        const bytes = pseudoRandomBytes(64 * n, n + 3);
        const got = merkleizeBytesWith(hasher, bytes, padFor, 0);
        assertBytesEqual(got, nobleBytesRoot(bytes, padFor, 0), `padFor 2^${Math.log2(padFor)}`);
      }
    });
  });

  describe("merkleizeBlockArray", () => {
    const withArray = (h, blocks, blockLimit, padFor, offset) => {
      const output = new Uint8Array(offset + 40).fill(0x5a);
      h.merkleizeBlockArray(blocks, blockLimit, padFor, output, offset);
      return output;
    };
    const nobleArray = (bytes, blockLimit, padFor, offset) =>
      once(`array ${idOf(bytes)} ${blockLimit} ${padFor} ${offset}`, () =>
        withArray(oracleFor(bytes.length), blocksOf(bytes), blockLimit, padFor, offset),
      );

    it("matches the noble hasher, with blockLimit below blocks.length and unused blocks present", () => {
      for (const [n, padFor] of [...smallCases, [0, 8], [0, 1], [1, 1], [3, 1]]) {
        const bytes = pseudoRandomBytes(64 * (n + 2), n + 5);
        for (const blockLimit of [n, Math.max(0, n - 1)]) {
          const got = withArray(hasher, blocksOf(bytes), blockLimit, padFor, 9);
          const label = `${blockLimit} of ${n + 2} blocks, padFor ${padFor}`;
          assertBytesEqual(got, nobleArray(bytes, blockLimit, padFor, 9), label);
        }
      }
    });

    it("matches the hashtree hasher for inputs larger than the module's 1 MiB buffer", function () {
      this.timeout(60000);
      for (const [n, padFor] of largeCases) {
        const bytes = pseudoRandomBytes(64 * n, n + 1);
        const got = withArray(hasher, blocksOf(bytes), n, padFor, 0);
        assertBytesEqual(got, nobleArray(bytes, n, padFor, 0), `${n} blocks, padFor ${padFor}`);
      }
    });

    it("leaves the blocks unchanged", () => {
      const blocks = blocksOf(pseudoRandomBytes(64 * 5, 77));
      const copies = blocks.map((b) => b.slice());
      withArray(hasher, blocks, 5, 16, 0);
      assert.deepEqual(blocks, copies);
    });
  });

  describe("digestNLevel", () => {
    const nobleDigest = (bytes, nLevel) =>
      once(`nlevel ${idOf(bytes)} ${nLevel}`, () => oracleFor(bytes.length).digestNLevel(bytes.slice(), nLevel).slice());

    it("matches the noble hasher for nLevel 1..4 and returns the head of data", () => {
      for (let nLevel = 1; nLevel <= 4; nLevel++) {
        for (const groups of [0, 1, 2, 3, 5, 17]) {
          const bytes = pseudoRandomBytes(32 * 2 ** nLevel * groups, 100 * nLevel + groups);
          const data = bytes.slice();
          const got = hasher.digestNLevel(data, nLevel);
          assert.equal(got.buffer, data.buffer);
          assert.equal(got.byteOffset, data.byteOffset);
          assertBytesEqual(got, nobleDigest(bytes, nLevel), `nLevel ${nLevel}, ${groups} groups`);
        }
      }
    });

    it("matches the hashtree hasher for data larger than the module's 1 MiB buffer", function () {
      this.timeout(60000);
      for (let nLevel = 1; nLevel <= 4; nLevel++) {
        // Not a multiple of the buffer size, so the last piece is partial.
        const bytes = pseudoRandomBytes(2 * MiB + 3 * 32 * 2 ** nLevel, nLevel);
        assertBytesEqual(hasher.digestNLevel(bytes.slice(), nLevel), nobleDigest(bytes, nLevel), `nLevel ${nLevel}`);
      }
      // Groups of 1 MiB (one per call) and of 2 MiB (each streamed).
      for (const nLevel of [15, 16]) {
        const bytes = pseudoRandomBytes(2 * 32 * 2 ** nLevel, nLevel);
        assertBytesEqual(hasher.digestNLevel(bytes.slice(), nLevel), nobleDigest(bytes, nLevel), `nLevel ${nLevel}`);
      }
    });
  });

  describe("executeHashComputations", () => {
    /** A tree over `count` pseudo-random leaves, with its HashComputations. */
    function treeWithComputations(count, depth, seed) {
      const bytes = pseudoRandomBytes(32 * count, seed);
      const leaves = [];
      for (let i = 0; i < count; i++) leaves.push(LeafNode.fromRoot(bytes.slice(32 * i, 32 * i + 32)));
      const hcByLevel = [];
      const root = subtreeFillToContents(leaves, depth, 0, hcByLevel);
      return {bytes, root, hcByLevel};
    }

    it("hashes trees level by level as the noble hasher does, across batch boundaries", function () {
      this.timeout(60000);
      // 40000 leaves put 20000 pairs in the bottom level: more than one batch of 16384.
      for (const [count, depth] of [[2, 1], [3, 2], [5, 3], [17, 5], [1000, 10], [1000, 40], [40000, 16]]) {
        const {bytes, root, hcByLevel} = treeWithComputations(count, depth, count);
        // The oracle hashes the same leaves with merkleizeBlocksBytes, padded to 2^depth.
        const padded = new Uint8Array(bytes.length + (count % 2) * 32);
        padded.set(bytes);
        const expected = once(`tree ${idOf(bytes)} ${depth}`, () => merkleizeBytesWith(nobleHasher, padded, 2 ** depth, 0));
        hasher.executeHashComputations(hcByLevel);
        assert.notEqual(root.h0, null, "root was not hashed");
        assertBytesEqual(root.root, expected.subarray(0, 32), `${count} leaves, depth ${depth}`);
      }
    });

    it("hashes a fresh all-zero subtree to the zero hash", () => {
      const root = subtreeFillToDepth(LeafNode.fromZero(), 10);
      const hcByLevel = [];
      subtreeFillToContents([root], 0, 0, hcByLevel);
      hasher.executeHashComputations(hcByLevel);
      assertBytesEqual(root.root, zeroHash(10));
    });

    it("skips empty levels", () => {
      const {bytes, root, hcByLevel} = treeWithComputations(4, 2, 4);
      const expected = once(`tree ${idOf(bytes)} 2`, () => merkleizeBytesWith(nobleHasher, bytes, 4, 0));
      hasher.executeHashComputations([...hcByLevel, []]);
      assertBytesEqual(root.root, expected.subarray(0, 32));
    });
  });
});
