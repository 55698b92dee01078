// A Hasher for @chainsafe/persistent-merkle-tree (setHasher(hasher)): trees
// merkleized inside wasm (cpp/merkle.cpp), every level in one call while the
// data fits the I/O buffer. Results and errors are persistent-merkle-tree's
// hashers'; the package is not imported, so it is never needed at runtime.
import {module, portable} from "#merkle";
import {hashInto} from "./api.js";
import {plainView, setBytes} from "./check.js";
import {blockArrayTree, blocksBytesTree, nLevelGroup} from "./tree-checks.js";
import {copyIn, ioDigest, ioPtr, ioSize, streamThrough} from "./io.js";
import {bestHash64, shape} from "./lanes.js";
import {executeLevels, hashHere} from "./levels.js";
import {addon} from "./loader.js";
import {hashBytesPair, hashObjectsPair} from "./pairs.js";
import {CHUNK} from "./sizes.js";

/** @typedef {import("./hashObject.js").HashObject} HashObject */

/**
 * What executeHashComputations reads of persistent-merkle-tree's
 * HashComputation: two child nodes and the parent that takes their hash.
 * @typedef {object} HashComputation
 * @property {HashObject} src0
 * @property {HashObject} src1
 * @property {{applyHash(root: HashObject): void}} dest
 */

/**
 * What executeHashComputations reads of persistent-merkle-tree's
 * HashComputationLevel: the HashComputations of one level of a tree.
 * @typedef {Iterable<HashComputation> & {readonly length: number}} HashComputationLevel
 */

/**
 * persistent-merkle-tree's Hasher (its lib/hasher/types.d.ts), declared here
 * so that these types need not that package, an optional peer: a Hasher of
 * sha256-simd is one of theirs, for setHasher().
 * @typedef {object} Hasher
 * @property {string} name
 * @property {(input: Uint8Array, output: Uint8Array) => void} hashInto
 * Hashes input into output: output.length = input.length / 2.
 * @property {(a32Bytes: Uint8Array, b32Bytes: Uint8Array) => Uint8Array} digest64
 * Hashes two 32-byte Uint8Arrays.
 * @property {(a32Bytes: Uint8Array, b32Bytes: Uint8Array, output: Uint8Array) => void} digest64Into
 * As digest64, with output passed as an argument.
 * @property {(left: HashObject, right: HashObject, parent: HashObject) => void} digest64HashObjects
 * Hashes two 32-byte HashObjects into parent.
 * @property {(blocksBytes: Uint8Array, padFor: number, output: Uint8Array, offset: number) => void} merkleizeBlocksBytes
 * Merkleizes n SHA-256 blocks in one Uint8Array, each 64 bytes, padded to
 * padFor chunks (maxChunkCount), and writes the root to output at offset.
 * @property {(blocks: Uint8Array[], blockLimit: number, padFor: number, output: Uint8Array, offset: number) => void} merkleizeBlockArray
 * Merkleizes the first blockLimit (<= blocks.length) of blocks, 64-byte
 * Uint8Arrays, padded to padFor chunks, and writes the root to output at offset.
 * @property {(data: Uint8Array, nLevel: number) => Uint8Array} digestNLevel
 * Hashes chunks (32 bytes each) nLevel levels up: with nLevel = 3, a
 * multiple of 256 bytes into a multiple of 32 bytes. The result is
 * overwritten by the next call.
 * @property {(hashComputations: readonly HashComputationLevel[]) => void} executeHashComputations
 * Executes a batch of HashComputations, one level of them per entry,
 * the last level first.
 */

// Each pair method's name and its arguments', as its messages give them
// (persistent-merkle-tree's names).
const DIGEST64 = ["digest64", "a32Bytes", "b32Bytes"];
const DIGEST64_INTO = ["digest64Into", "a32Bytes", "b32Bytes", "output"];
const DIGEST64_OBJECTS = ["digest64HashObjects", "left", "right", "parent"];

/**
 * The merkle module's exports (cpp/merkle.cpp).
 * @internal
 * @typedef {object} MerkleExports
 * @property {(out: number, data: number, count: number, depth: number, levels: number) => void} merkleize
 * @property {(data: number, count: number, levels: number) => void} digest_n_level
 */

/**
 * The merkle module, linked at first use to the best hash64 kernel, in the shape in use.
 * @type {() => MerkleExports}
 */
const merkle = addon({module, portable}, () => ({hash64: bestHash64()}), () => shape);

/**
 * Writes the root of the first n chunks of input (a plain Uint8Array, or an
 * array of 64-byte blocks), padded to 2^levels chunks, to output at offset.
 * Only the first 2^levels chunks reach that root; any more are ignored, as
 * in persistent-merkle-tree.
 * @param {Uint8Array | Uint8Array[]} input
 * @param {number} n
 * @param {number} levels
 * @param {Uint8Array} output
 * @param {number} offset
 */
function merkleizeChunks(input, n, levels, output, offset) {
  const ioChunks = ioSize / CHUNK;
  // merkleize() ignores the extra chunks itself; only inputs too big for one
  // call are cut here, which spares small trees the cost of 2 ** levels
  // (docs/performance-notes.md, "Digests and the hasher's batches").
  if (n > ioChunks && n > 2 ** levels) n = 2 ** levels;
  // copyIn copies an array's blocks whole, so for an odd n one chunk more,
  // which the buffer has room for and merkleize() ignores.
  if (n <= ioChunks) {
    copyIn(input, 0, n * CHUNK, 0);
    merkle().merkleize(ioPtr, ioPtr, n, 0, levels);
  } else {
    // Too big for one call: each half-buffer piece is reduced to the root of
    // its subtree, and the roots collect in the first half for a last call.
    const half = ioSize / 2;
    const pieceChunks = half / CHUNK;
    const pieceDepth = Math.log2(pieceChunks);
    const pieces = Math.ceil(n / pieceChunks);
    if (pieces > pieceChunks) {
      throw new RangeError(`Input of ${n} chunks exceeds the ${pieceChunks ** 2} that can be merkleized`);
    }
    /** @type {(len: number, k: number) => void} */
    const mergePiece = (len, k) => merkle().merkleize(ioPtr + CHUNK * k, ioPtr + half, len / CHUNK, 0, pieceDepth);
    streamThrough(input, n * CHUNK, half, mergePiece);
    merkle().merkleize(ioPtr, ioPtr, pieces, pieceDepth, levels - pieceDepth);
  }
  setBytes(output, ioDigest, offset);
}

/**
 * Merkleizes blocksBytes (not modified) and writes the root to output at offset.
 * @param {Uint8Array} blocksBytes
 * @param {number} padFor
 * @param {Uint8Array} output
 * @param {number} offset
 */
function merkleizeBlocksBytes(blocksBytes, padFor, output, offset) {
  const {chunks, levels} = blocksBytesTree(blocksBytes, padFor, output, offset);
  merkleizeChunks(plainView(blocksBytes, chunks * CHUNK), chunks, levels, output, offset);
}

/**
 * Merkleizes blocks[0..blockLimit) (not modified) and writes the root to output at offset.
 * @param {Uint8Array[]} blocks
 * @param {number} blockLimit
 * @param {number} padFor
 * @param {Uint8Array} output
 * @param {number} offset
 */
function merkleizeBlockArray(blocks, blockLimit, padFor, output, offset) {
  const tree = blockArrayTree(blocks, blockLimit, padFor, output, offset);
  merkleizeChunks(tree.blocks, tree.chunks, tree.levels, output, offset);
}

/**
 * Replaces each group of 2^nLevel chunks at the start of data with its root
 * and returns the roots: data.subarray(0, data.length / 2^nLevel), as in
 * persistent-merkle-tree.
 * @param {Uint8Array} data
 * @param {number} nLevel
 * @returns {Uint8Array}
 */
function digestNLevel(data, nLevel) {
  const {bytesInBatch, length} = nLevelGroup(data, nLevel);
  const ratio = 2 ** nLevel;
  const view = plainView(data, length);
  // Each group's root is written at or before the group's first byte, so no
  // group is overwritten before it is read.
  if (bytesInBatch <= ioSize) {
    /** @param {number} len */
    const reducePiece = (len) => merkle().digest_n_level(ioPtr, len / CHUNK, nLevel);
    streamThrough(view, length, 0, reducePiece, view, ratio);
  } else {
    for (let off = 0; off < length; off += bytesInBatch) {
      merkleizeChunks(view.subarray(off, off + bytesInBatch), 2 ** nLevel, nLevel, view, off / ratio);
    }
  }
  return data.subarray(0, length / ratio);
}

/** @param {readonly HashComputationLevel[]} hashComputations */
const executeHashComputations = (hashComputations) => executeLevels(hashComputations, hashHere);

/**
 * A persistent-merkle-tree Hasher backed by this package's wasm module; use it
 * with `setHasher(hasher)` before any tree is hashed. Results and errors are
 * those of persistent-merkle-tree's own hashers, with these differences:
 * - merkleizeBlocksBytes and merkleizeBlockArray leave their input unchanged
 *   (persistent-merkle-tree documents that its hashers may modify it);
 * - digestNLevel returns `data.subarray(0, data.length / 2 ** nLevel)` holding
 *   the roots, as theirs do, and leaves the rest of `data` unchanged;
 * - a padFor of Infinity or NaN throws a RangeError (theirs loop forever
 *   or fail later);
 * - an argument of the wrong type, an offset that is not an integer, or an
 *   output without 32 bytes at offset throws a TypeError or RangeError
 *   naming it, before any work (theirs may throw after the work, or not).
 * @type {Hasher}
 */
export const hasher = {
  name: "sha256-simd",
  hashInto,
  digest64: (a32Bytes, b32Bytes) => /** @type {Uint8Array} */ (hashBytesPair(a32Bytes, b32Bytes, undefined, DIGEST64)),
  digest64Into: (a32Bytes, b32Bytes, output) => void hashBytesPair(a32Bytes, b32Bytes, output, DIGEST64_INTO),
  digest64HashObjects: (left, right, parent) => hashObjectsPair(left, right, parent, DIGEST64_OBJECTS),
  merkleizeBlocksBytes,
  merkleizeBlockArray,
  digestNLevel,
  executeHashComputations,
};
