// A Hasher for @chainsafe/persistent-merkle-tree: setHasher(hasher) makes every
// tree and SSZ type hash with this module. Trees are merkleized inside wasm
// (cpp/merkle.cpp), all levels in one call while the data fits the I/O buffer.
// Errors and results match persistent-merkle-tree's own hashers; this file
// does not import that package, so `sha256-simd` never needs it at runtime.
import * as backends from "#merkle";
import {digest2Bytes32, digest2Bytes32Into, hashInto} from "./api.js";
import {blockArrayTree, blocksBytesTree, nLevelGroup} from "./check.js";
import {hashObjectIntoWords, newHashObject, wordsIntoHashObject} from "./hashObject.js";
import {copyIn, ioDigest, ioPtr, ioSize, ioWords, streamThrough} from "./io.js";
import {bestHash64, hash64} from "./lanes.js";
import {addon, core} from "./loader.js";
import {BLOCK, CHUNK} from "./sizes.js";

/** The merkle module, linked at first use to the best hash64 kernel. */
const merkle = addon(backends, () => ({hash64: bestHash64()}));

function digest64HashObjects(left, right, parent) {
  hashObjectIntoWords(left, ioWords, 0);
  hashObjectIntoWords(right, ioWords, 8);
  core.hash64_x1(ioPtr, ioPtr, 1);
  wordsIntoHashObject(ioWords, 0, parent);
}

/**
 * Writes the root of the first n chunks of input (bytes, or an array of
 * 64-byte blocks), padded to 2^levels chunks,
 * to output at offset. Only the first 2^levels chunks reach that root; any
 * more are ignored, as in persistent-merkle-tree.
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
    const mergePiece = (len, k) => merkle().merkleize(ioPtr + CHUNK * k, ioPtr + half, len / CHUNK, 0, pieceDepth);
    streamThrough(input, n * CHUNK, half, mergePiece);
    merkle().merkleize(ioPtr, ioPtr, pieces, pieceDepth, levels - pieceDepth);
  }
  output.set(ioDigest, offset);
}

/** Merkleizes blocksBytes (not modified) and writes the root to output at offset. */
function merkleizeBlocksBytes(blocksBytes, padFor, output, offset) {
  const {chunks, levels} = blocksBytesTree(blocksBytes, padFor);
  merkleizeChunks(blocksBytes, chunks, levels, output, offset);
}

/** Merkleizes blocks[0..blockLimit) (not modified) and writes the root to output at offset. */
function merkleizeBlockArray(blocks, blockLimit, padFor, output, offset) {
  const {chunks, levels} = blockArrayTree(blocks, blockLimit, padFor);
  merkleizeChunks(blocks, chunks, levels, output, offset);
}

/**
 * Replaces each group of 2^nLevel chunks at the start of data with its root
 * and returns the roots: data.subarray(0, data.length / 2^nLevel), as in
 * persistent-merkle-tree.
 */
function digestNLevel(data, nLevel) {
  const bytesInBatch = nLevelGroup(data, nLevel);
  const length = data.length;
  // Each group's root is written at or before the group's first byte, so no
  // group is overwritten before it is read.
  if (bytesInBatch <= ioSize) {
    const reducePiece = (len) => merkle().digest_n_level(ioPtr, len / CHUNK, nLevel);
    streamThrough(data, length, 0, reducePiece, data, 2 ** nLevel);
  } else {
    for (let off = 0; off < length; off += bytesInBatch) {
      const group = data.subarray(off, off + bytesInBatch);
      merkleizeChunks(group, 2 ** nLevel, nLevel, data, off / 2 ** nLevel);
    }
  }
  return data.subarray(0, length / 2 ** nLevel);
}

// executeHashComputations packs a level's pairs into the I/O buffer, as many
// as it holds (16384), and hashes them with one call, the fastest batch
// (docs/performance-notes.md, "Digests and the hasher's batches").
// Node.applyHash copies the fields of its argument, so one result object
// serves every node.
const dests = [];
const result = newHashObject();

function hashBatch(count) {
  hash64(ioPtr, ioPtr, count);
  for (let j = 0; j < count; j++) {
    wordsIntoHashObject(ioWords, 8 * j, result);
    dests[j].applyHash(result);
    // Dropped so the batch does not keep old trees alive.
    dests[j] = null;
  }
}

function executeHashComputations(hashComputations) {
  const batchSize = ioSize / BLOCK;
  for (let level = hashComputations.length - 1; level >= 0; level--) {
    const hcLevel = hashComputations[level];
    if (!hcLevel) throw new Error(`no hash computations for level ${level}`);
    let count = 0;
    let index = 0;
    for (const hc of hcLevel) {
      const {src0, src1, dest} = hc;
      if (!src0 || !src1 || !dest) {
        dests.fill(null, 0, count);
        throw new Error(`Invalid HashComputation at index ${index}`);
      }
      hashObjectIntoWords(src0, ioWords, 16 * count);
      hashObjectIntoWords(src1, ioWords, 16 * count + 8);
      dests[count++] = dest;
      if (count === batchSize) {
        hashBatch(count);
        count = 0;
      }
      index++;
    }
    if (count > 0) hashBatch(count);
  }
}

/** persistent-merkle-tree's Hasher: `setHasher(hasher)`. */
export const hasher = {
  name: "sha256-simd",
  hashInto,
  digest64: digest2Bytes32,
  digest64Into: digest2Bytes32Into,
  digest64HashObjects,
  merkleizeBlocksBytes,
  merkleizeBlockArray,
  digestNLevel,
  executeHashComputations,
};
