// The checks of the hasher's merkleizeBlocksBytes, merkleizeBlockArray and
// digestNLevel (js/core/tree-hasher.js), with persistent-merkle-tree's errors,
// each giving the shape of the work; sha256-simd/pool's hasher checks its
// calls with them too, so that its errors are these.
import {assertInteger, assertNumber, assertRoom} from "./assert.js";
import {arrayItems, bytesLength} from "./check.js";
import {BLOCK, CHUNK} from "./sizes.js";

/**
 * Levels between the chunks and the root of a tree padded to padFor chunks.
 * @param {unknown} padFor
 * @param {string} fn
 * @returns {number}
 */
function levelsOf(padFor, fn) {
  assertNumber(padFor, "padFor", fn);
  const levels = Math.ceil(Math.log2(padFor));
  // Infinity or NaN would make persistent-merkle-tree's hashers loop forever
  // or write undefined; here they are an error.
  if (!Number.isFinite(levels)) throw new RangeError(`${fn}: padFor must be a finite number, got ${padFor}`);
  return levels;
}

/**
 * merkleizeBlocksBytes' arguments: the chunks to hash and the levels above
 * them, then room for the root in output at offset.
 * @param {unknown} blocksBytes
 * @param {number} padFor
 * @param {unknown} output
 * @param {unknown} offset
 * @returns {{chunks: number, levels: number}}
 */
export function blocksBytesTree(blocksBytes, padFor, output, offset) {
  const length = bytesLength(blocksBytes, "blocksBytes", "merkleizeBlocksBytes");
  if (padFor < 1) throw new Error(`Invalid padFor, expect to be greater than 0, got ${padFor}`);
  const levels = levelsOf(padFor, "merkleizeBlocksBytes");
  if (length % BLOCK !== 0) {
    if (length % CHUNK !== 0) {
      throw new Error(`Invalid input length, expect to be multiple of 32 bytes, got ${length}`);
    }
    if (padFor > 1) {
      throw new Error(`Invalid input length, expect to be multiple of 64 bytes, got ${length}, padFor=${padFor}`);
    }
  }
  assertRoom(output, offset, CHUNK, "output", "merkleizeBlocksBytes");
  return {chunks: length / CHUNK, levels};
}

/**
 * merkleizeBlockArray's arguments: the chunks to hash, the levels above
 * them, and the blocks that hold the chunks, read once; then room for the
 * root in output at offset.
 * @param {unknown} blocks
 * @param {number} blockLimit
 * @param {number} padFor
 * @param {unknown} output
 * @param {unknown} offset
 * @returns {{chunks: number, levels: number, blocks: Uint8Array[]}}
 */
export function blockArrayTree(blocks, blockLimit, padFor, output, offset) {
  if (padFor < 1) throw new Error(`Invalid padFor, expect to be at least 1, got ${padFor}`);
  const items = arrayItems(blocks, "blocks", "merkleizeBlockArray");
  if (blockLimit > items.length) {
    throw new Error(`Invalid blockLimit, expect to be less than or equal blocks.length ${items.length}, got ${blockLimit}`);
  }
  assertInteger(blockLimit, 0, items.length, "blockLimit", "merkleizeBlockArray");
  const levels = levelsOf(padFor, "merkleizeBlockArray");
  // As in persistent-merkle-tree, no block is checked when none is hashed,
  // and all of them are checked otherwise.
  if (blockLimit > 0) {
    for (let i = 0; i < items.length; i++) {
      const n = bytesLength(items[i], `blocks[${i}]`, "merkleizeBlockArray");
      if (n !== BLOCK) throw new Error(`Invalid block length, expect to be 64 bytes, got ${n}`);
    }
  }
  assertRoom(output, offset, CHUNK, "output", "merkleizeBlockArray");
  return {chunks: 2 * blockLimit, levels, blocks: items};
}

/**
 * digestNLevel's arguments: the bytes of one group of 2^nLevel chunks, which becomes one root, and data's length.
 * @param {unknown} data
 * @param {number} nLevel
 * @returns {{bytesInBatch: number, length: number}}
 */
export function nLevelGroup(data, nLevel) {
  const length = bytesLength(data, "data", "digestNLevel");
  if (nLevel < 1) throw new Error(`Invalid nLevel, expect to be greater than 0, got ${nLevel}`);
  assertInteger(nLevel, 1, Infinity, "nLevel", "digestNLevel");
  const bytesInBatch = Math.pow(2, nLevel) * CHUNK;
  if (length % bytesInBatch !== 0) {
    throw new Error(`Invalid input length, expect to be multiple of ${bytesInBatch} for nLevel ${nLevel}, got ${length}`);
  }
  return {bytesInBatch, length};
}
