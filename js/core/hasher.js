// A Hasher for @chainsafe/persistent-merkle-tree: setHasher(hasher) makes every
// tree and SSZ type hash with this module. Trees are merkleized inside wasm
// (cpp/merkle.cpp), all levels in one call while the data fits the I/O buffer.
// Errors and results match persistent-merkle-tree's own hashers; this file
// does not import that package, so `sha256-simd` never needs it at runtime.
import * as backends from "#merkle";
import {digest2Bytes32, digest2Bytes32Into, digest64HashObjectsInto, hashInto} from "./api.js";
import {blockArrayTree, blocksBytesTree, nLevelGroup, plainView, setBytes} from "./check.js";
import {newHashObject, readHashObject, writeHashObject} from "./hashObject.js";
import {copyIn, ioDigest, ioPtr, ioSize, ioWords, streamThrough} from "./io.js";
import {bestHash64, hash64} from "./lanes.js";
import {addon} from "./loader.js";
import {BLOCK, CHUNK} from "./sizes.js";

/** The merkle module, linked at first use to the best hash64 kernel. */
const merkle = addon(backends, () => ({hash64: bestHash64()}));

/**
 * Writes the root of the first n chunks of input (a plain Uint8Array, or an
 * array of 64-byte blocks), padded to 2^levels chunks, to output at offset.
 * Only the first 2^levels chunks reach that root; any more are ignored, as
 * in persistent-merkle-tree.
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
  setBytes(output, ioDigest, offset);
}

/** Merkleizes blocksBytes (not modified) and writes the root to output at offset. */
function merkleizeBlocksBytes(blocksBytes, padFor, output, offset) {
  const {chunks, levels} = blocksBytesTree(blocksBytes, padFor);
  merkleizeChunks(plainView(blocksBytes, chunks * CHUNK), chunks, levels, output, offset);
}

/** Merkleizes blocks[0..blockLimit) (not modified) and writes the root to output at offset. */
function merkleizeBlockArray(blocks, blockLimit, padFor, output, offset) {
  const tree = blockArrayTree(blocks, blockLimit, padFor);
  merkleizeChunks(tree.blocks, tree.chunks, tree.levels, output, offset);
}

/**
 * Replaces each group of 2^nLevel chunks at the start of data with its root
 * and returns the roots: data.subarray(0, data.length / 2^nLevel), as in
 * persistent-merkle-tree.
 */
function digestNLevel(data, nLevel) {
  const {bytesInBatch, length} = nLevelGroup(data, nLevel);
  const ratio = 2 ** nLevel;
  const view = plainView(data, length);
  // Each group's root is written at or before the group's first byte, so no
  // group is overwritten before it is read.
  if (bytesInBatch <= ioSize) {
    const reducePiece = (len) => merkle().digest_n_level(ioPtr, len / CHUNK, nLevel);
    streamThrough(view, length, 0, reducePiece, view, ratio);
  } else {
    for (let off = 0; off < length; off += bytesInBatch) {
      merkleizeChunks(view.subarray(off, off + bytesInBatch), 2 ** nLevel, nLevel, view, off / ratio);
    }
  }
  return data.subarray(0, length / ratio);
}

// executeHashComputations packs a level's pairs, as many as the I/O buffer
// holds (16384), and hashes them with one call, the fastest batch
// (docs/performance-notes.md, "Digests and the hasher's batches"). The
// caller's getters and applyHash() can call the package again, this very
// function too: each call packs into words of its own depth of nesting,
// stages them in the I/O buffer only to hash them, and applies the results
// from its words. Node.applyHash copies the fields of its argument, so one
// result object serves every node of a depth.
const BATCH = ioSize / BLOCK;
const frames = [];
let depth = 0;

function hashBatch({words, dests, result}, count) {
  ioWords.set(words.subarray(0, 16 * count));
  hash64(ioPtr, ioPtr, count);
  words.set(ioWords.subarray(0, 8 * count));
  for (let j = 0; j < count; j++) {
    writeHashObject(words, 8 * j, result);
    const dest = dests[j];
    // Dropped first so the batch does not keep old trees alive.
    dests[j] = null;
    dest.applyHash(result);
  }
}

function executeHashComputations(hashComputations) {
  const frame = (frames[depth] ??= {words: new Int32Array(16 * BATCH), dests: new Array(BATCH).fill(null), result: newHashObject()});
  depth++;
  let count = 0;
  try {
    for (let level = hashComputations.length - 1; level >= 0; level--) {
      const hcLevel = hashComputations[level];
      if (!hcLevel) throw new Error(`no hash computations for level ${level}`);
      let index = 0;
      for (const hc of hcLevel) {
        const {src0, src1, dest} = hc;
        if (!src0 || !src1 || !dest) throw new Error(`Invalid HashComputation at index ${index}`);
        readHashObject(src0, frame.words, 16 * count, "src0", "executeHashComputations");
        readHashObject(src1, frame.words, 16 * count + 8, "src1", "executeHashComputations");
        frame.dests[count++] = dest;
        if (count === BATCH) {
          hashBatch(frame, count);
          count = 0;
        }
        index++;
      }
      if (count > 0) hashBatch(frame, count);
      count = 0;
    }
  } finally {
    frame.dests.fill(null, 0, count);
    depth--;
  }
}

/** persistent-merkle-tree's Hasher: `setHasher(hasher)`. */
export const hasher = {
  name: "sha256-simd",
  hashInto,
  digest64: digest2Bytes32,
  digest64Into: digest2Bytes32Into,
  digest64HashObjects: digest64HashObjectsInto,
  merkleizeBlocksBytes,
  merkleizeBlockArray,
  digestNLevel,
  executeHashComputations,
};
