// The pool's Hasher: sha256-simd/hasher's methods, with large calls spread
// over the pool's threads. Calls are checked by the single-threaded hasher's
// own checks, and one too small to split goes to it as it is, so results and
// errors are its own.
import {isBytes, lengthOf, plainView, setBytes} from "../core/check.js";
import {blockArrayTree, blocksBytesTree, nLevelGroup} from "../core/tree-checks.js";
import {hasher as single} from "../core/tree-hasher.js";
import {BATCH, applyBatch, executeLevels, hashHere, hashRead} from "../core/levels.js";
import {Gain} from "./gain.js";
import {rootOfSubtrees} from "./subtrees.js";
import {OP_HASH, OP_MERKLEIZE, OP_NLEVEL} from "./ops.js";
import {plan, planSubtrees} from "./plan.js";
import {SLOT_IN} from "./slots.js";
import {BLOCK, CHUNK} from "../core/sizes.js";

/** @import {Hasher, HashComputationLevel} from "../core/tree-hasher.js" */
/** @import {Frame, LevelReader} from "../core/levels.js" */

/**
 * What the Hasher needs of the pool (js/pool.js).
 * @typedef {object} PoolSide
 * @property {number} threads
 * @property {(n: number) => boolean} spreads Whether work of n compressions is worth spreading (js/pool.js).
 * @property {(job: import("./scheduler.js").Job) => void} run
 * @property {(input: Uint8Array, output: Uint8Array) => void} hashInto
 * @property {() => void} assertOpen
 * @property {boolean} alwaysSpread Spread every large level of executeHashComputations, unmeasured (tests).
 */

/**
 * The Hasher over `pool`.
 * @param {PoolSide} pool
 * @returns {Hasher}
 */
export function poolHasher(pool) {
  const open = () => pool.assertOpen();
  const gain = new Gain(pool.alwaysSpread);
  return Object.freeze({
    name: "sha256-simd-pool",
    hashInto: (input, output) => pool.hashInto(input, output),
    digest64: (a, b) => (open(), single.digest64(a, b)),
    digest64Into: (a, b, out) => (open(), single.digest64Into(a, b, out)),
    digest64HashObjects: (a, b, out) => (open(), single.digest64HashObjects(a, b, out)),
    merkleizeBlocksBytes: (blocksBytes, padFor, output, offset) => merkleizeBlocksBytes(pool, blocksBytes, padFor, output, offset),
    merkleizeBlockArray: (blocks, limit, padFor, output, offset) => merkleizeBlockArray(pool, blocks, limit, padFor, output, offset),
    digestNLevel: (data, nLevel) => digestNLevel(pool, data, nLevel),
    executeHashComputations: (hashComputations) => executeHashComputations(pool, gain, hashComputations),
  });
}

// An n of chunks to split is even: an input that is not whole blocks has padFor 1.
/**
 * @param {PoolSide} pool
 * @param {Uint8Array} blocksBytes
 * @param {number} padFor
 * @param {Uint8Array} output
 * @param {number} offset
 */
function merkleizeBlocksBytes(pool, blocksBytes, padFor, output, offset) {
  pool.assertOpen();
  const {chunks, levels} = blocksBytesTree(blocksBytes, padFor, output, offset);
  const n = Math.min(chunks, 2 ** levels);
  if (!pool.spreads(n)) return single.merkleizeBlocksBytes(blocksBytes, padFor, output, offset);
  const bytes = plainView(blocksBytes, chunks * CHUNK);
  merkleizeSubtrees(pool, n, levels, output, offset, (first, count, into) => {
    into.set(bytes.subarray(first * CHUNK, (first + count) * CHUNK));
  });
}

/**
 * @param {PoolSide} pool
 * @param {Uint8Array[]} blocks
 * @param {number} blockLimit
 * @param {number} padFor
 * @param {Uint8Array} output
 * @param {number} offset
 */
function merkleizeBlockArray(pool, blocks, blockLimit, padFor, output, offset) {
  pool.assertOpen();
  const {chunks, levels, blocks: items} = blockArrayTree(blocks, blockLimit, padFor, output, offset);
  const n = Math.min(chunks, 2 ** levels);
  if (!pool.spreads(n)) return single.merkleizeBlockArray(items, blockLimit, padFor, output, offset);
  merkleizeSubtrees(pool, n, levels, output, offset, (first, count, into) => {
    for (let b = first / 2, at = 0; at < count * CHUNK; b++, at += BLOCK) into.set(items[b], at);
  });
}

/**
 * The root of n chunks (n even) padded to 2^levels, written at output[offset]:
 * subtrees on all threads (planSubtrees), their roots joined on the caller.
 * fill(first, count, into) copies chunks [first, first + count) into a slot.
 * @param {PoolSide} pool
 * @param {number} n
 * @param {number} levels
 * @param {Uint8Array} output
 * @param {number} offset
 * @param {(first: number, count: number, into: Uint8Array) => void} fill
 */
function merkleizeSubtrees(pool, n, levels, output, offset, fill) {
  const subtrees = planSubtrees(n, levels, pool.threads);
  const roots = new Uint8Array(subtrees.length * CHUNK);
  pool.run({
    units: subtrees.length,
    fill: (i, input) => {
      const {first, count, size} = subtrees[i];
      fill(first, count, input);
      return [OP_MERKLEIZE, count * CHUNK, size];
    },
    collect: (i, out) => roots.set(out.subarray(0, CHUNK), i * CHUNK),
  });
  setBytes(output, rootOfSubtrees(roots, subtrees.map(({size}) => Math.log2(size)), levels), offset);
}

/**
 * @param {PoolSide} pool
 * @param {Uint8Array} data
 * @param {number} nLevel
 * @returns {Uint8Array}
 */
function digestNLevel(pool, data, nLevel) {
  pool.assertOpen();
  // ssz calls it for every small subtree: those go straight to the single-threaded one, which checks them.
  if (isBytes(data) && !pool.spreads(lengthOf(data) / CHUNK)) return single.digestNLevel(data, nLevel);
  const {bytesInBatch: group, length} = nLevelGroup(data, nLevel);
  if (!pool.spreads(length / CHUNK) || group > SLOT_IN) return single.digestNLevel(data, nLevel);
  const at = plan(length / group, SLOT_IN / group, pool.threads).map((g) => g * group);
  const ratio = 2 ** nLevel;
  const bytes = plainView(data, length);
  /** @param {number} i */
  const part = (i) => bytes.subarray(at[i], at[i + 1]);
  pool.run({
    units: at.length - 1,
    fill: (i, input) => {
      input.set(part(i));
      return [OP_NLEVEL, at[i + 1] - at[i], nLevel];
    },
    collect: (i, out, len) => bytes.set(out.subarray(0, len / ratio), at[i] / ratio),
  });
  return data.subarray(0, length / ratio);
}

/**
 * The single-threaded hasher's executeHashComputations (js/core/levels.js),
 * with a batch large enough hashed over the threads too, where spreading
 * measures faster (js/pool/gain.js).
 * @param {PoolSide} pool
 * @param {Gain} gain
 * @param {readonly HashComputationLevel[]} hashComputations
 */
function executeHashComputations(pool, gain, hashComputations) {
  pool.assertOpen();
  executeLevels(hashComputations, (reader, frame) => {
    // The level's own length says how many to expect: a level that gives
    // more or fewer is still read in the same batches (spreadBatch).
    const expected = Math.min(BATCH, reader.length - reader.index);
    if (!pool.spreads(expected)) return hashHere(reader, frame);
    const spread = gain.shouldSpread();
    const start = performance.now();
    const n = spread ? spreadBatch(pool, reader, frame, expected) : hashHere(reader, frame);
    if (n > 0) gain.time(spread, n, performance.now() - start);
    return n;
  });
}

/**
 * The most pairs in a unit of a batch: about 0.2 ms of hashing, far above a
 * hand-off, and small enough that applying starts soon after the batch is
 * read (performance-notes, "The pool's executeHashComputations").
 */
const UNIT = 1024;
/** The pairs the caller reads ahead between looks at the slots: a fraction of a unit's hashing. */
const AHEAD = 256;

/**
 * Reads, hashes and applies a batch as hashHere does, with
 * its pairs hashed on every thread. The caller reads the pairs, ahead of
 * the units it posts, and applies the digests once the batch is read whole,
 * while the workers still hash; it hashes a unit itself only where it has
 * nothing else to do. An error of a read ends the job before any node of
 * the batch is applied.
 * @param {PoolSide} pool
 * @param {LevelReader} reader
 * @param {Frame} frame
 * @param {number} expected HashComputations expected in the batch, by the level's length.
 * @returns {number}
 */
function spreadBatch(pool, reader, frame, expected) {
  const at = plan(expected, UNIT, pool.threads);
  const units = at.length - 1;
  const {words, dests} = frame;
  const bytes = new Uint8Array(words.buffer, words.byteOffset, words.byteLength);
  /** Pairs read, and whether the batch is read whole; units hashed, and applied. */
  let read = 0;
  let whole = false;
  const hashed = new Uint8Array(units);
  let applied = 0;
  /** @param {number} end Reads on up to pair `end` of the batch, fewer where the level ends. */
  const readTo = (end) => {
    if (read < end) read += reader.read(words.subarray(16 * read), dests, read, end - read);
  };
  /** @param {number} i Unit i's pairs read: as many as the level had. */
  const count = (i) => Math.max(0, Math.min(read, at[i + 1]) - at[i]);
  pool.run({
    units,
    fill: (i, input) => {
      readTo(at[i + 1]);
      input.set(bytes.subarray(at[i] * BLOCK, (at[i] + count(i)) * BLOCK));
      return [OP_HASH, count(i) * BLOCK, 0];
    },
    collect: (i, out, len) => {
      bytes.set(out.subarray(0, len / 2), at[i] * CHUNK);
      hashed[i] = 1;
    },
    ahead: () => {
      if (!whole) {
        // The rest of the batch, as the single-threaded hasher reads it: a
        // level may have more entries than its length.
        readTo(read < expected ? Math.min(expected, read + AHEAD) : BATCH);
        whole = reader.done || read === BATCH;
        return true;
      }
      if (applied === units || !hashed[applied]) return false;
      applied++;
      applyBatch(frame, Math.min(read, at[applied - 1]), Math.min(read, at[applied]));
      return true;
    },
  });
  if (!whole) readTo(BATCH);
  // The rest of a level with more entries than its length, on this thread.
  hashRead(words, expected, read - expected);
  applyBatch(frame, Math.min(read, at[applied]), read);
  return read;
}
