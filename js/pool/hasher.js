// The pool's Hasher: sha256-simd/hasher's methods, with large calls spread
// over the pool's threads. Calls are checked by the single-threaded hasher's
// own checks, and one too small to split goes to it as it is, so results and
// errors are its own.
import {blockArrayTree, blocksBytesTree, hashLevels, isBytes, lengthOf, nLevelGroup, plainView, setBytes} from "../core/check.js";
import {hasher as single} from "../core/hasher.js";
import {hashInto} from "../index.js";
import {newHashObject, readHashObject, writeHashObject} from "../core/hashObject.js";
import {Gain} from "./gain.js";
import {rootOfSubtrees} from "./merkle.js";
import {OP_HASH, OP_MERKLEIZE, OP_NLEVEL} from "./ops.js";
import {plan, planSubtrees} from "./plan.js";
import {SLOT_IN} from "./slots.js";
import {BLOCK, CHUNK} from "../core/sizes.js";

/** @import {Hasher, HashComputation, HashComputationLevel} from "../core/hasher.js" */
/** @typedef {HashComputation["dest"]} Dest */

/**
 * What the Hasher needs of the pool (js/pool.js).
 * @typedef {object} PoolSide
 * @property {number} threads
 * @property {boolean} running Whether a job runs: a call from inside one (a getter, an applyHash) stays on the caller.
 * @property {number} least The least work split across threads.
 * @property {(job: import("./scheduler.js").Job) => void} run
 * @property {Uint8Array} scratch
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

/**
 * Whether work of n items is split across threads.
 * @param {PoolSide} pool
 * @param {number} n
 */
const parallel = (pool, n) => n >= pool.least && pool.threads > 1 && !pool.running;

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
  if (!parallel(pool, n)) return single.merkleizeBlocksBytes(blocksBytes, padFor, output, offset);
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
  if (!parallel(pool, n)) return single.merkleizeBlockArray(items, blockLimit, padFor, output, offset);
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
    onCaller: (i) => {
      const {first, count, size} = subtrees[i];
      fill(first, count, pool.scratch);
      single.merkleizeBlocksBytes(pool.scratch.subarray(0, count * CHUNK), size, roots, i * CHUNK);
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
  if (isBytes(data) && lengthOf(data) < pool.least * CHUNK) return single.digestNLevel(data, nLevel);
  const {bytesInBatch: group, length} = nLevelGroup(data, nLevel);
  if (!parallel(pool, length / CHUNK) || group > SLOT_IN) return single.digestNLevel(data, nLevel);
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
    // Through a copy, as on the workers: the single-threaded digestNLevel
    // leaves data past the roots unchanged, and so must this one.
    onCaller: (i) => {
      const work = pool.scratch.subarray(0, at[i + 1] - at[i]);
      work.set(part(i));
      bytes.set(single.digestNLevel(work, nLevel), at[i] / ratio);
    },
    collect: (i, out, len) => bytes.set(out.subarray(0, len / ratio), at[i] / ratio),
  });
  return data.subarray(0, length / ratio);
}

/**
 * Each level on the caller, or spread over the threads where it is large
 * enough and spreading measures faster (js/pool/gain.js).
 * @param {PoolSide} pool
 * @param {Gain} gain
 * @param {readonly HashComputationLevel[]} hashComputations
 */
function executeHashComputations(pool, gain, hashComputations) {
  pool.assertOpen();
  if (pool.threads === 1) return single.executeHashComputations(hashComputations);
  const levels = hashLevels(hashComputations);
  for (let level = levels.length - 1; level >= 0; level--) {
    const hcLevel = levels[level];
    if (!parallel(pool, hcLevel.length)) {
      single.executeHashComputations([hcLevel]);
      continue;
    }
    const spread = gain.shouldSpread();
    const start = performance.now();
    if (spread) spreadLevel(pool, hcLevel);
    else single.executeHashComputations([hcLevel]);
    gain.time(spread, hcLevel.length, performance.now() - start);
  }
}

/**
 * @param {PoolSide} pool
 * @param {HashComputationLevel} hcLevel
 */
function spreadLevel(pool, hcLevel) {
  try {
    hashLevel(pool, hcLevel);
  } catch {
    // A level the pool cannot take as it is (an entry that is not a
    // HashComputation, a length that is not the entries' count) is done
    // again by the single-threaded hasher, which gives its own result or
    // error. Doing a node twice is harmless: it gets the same hash.
    single.executeHashComputations([hcLevel]);
  }
}

/**
 * One level of HashComputations: the caller packs pairs into slots and
 * applies the results, since the HashObjects live in its heap; any thread hashes.
 * @param {PoolSide} pool
 * @param {HashComputationLevel} hcLevel
 */
function hashLevel(pool, hcLevel) {
  const at = plan(hcLevel.length, SLOT_IN / BLOCK, pool.threads);
  const iter = hcLevel[Symbol.iterator]();
  /** @type {(i: number, bytes: Uint8Array) => Dest[]} */
  const pack = (i, bytes) => packPairs(iter, at[i + 1] - at[i], bytes, i === at.length - 2);
  /** @type {(Dest[] | null)[]} Per unit on a worker, its dests until collected. */
  const dests = [];
  pool.run({
    units: at.length - 1,
    fill: (i, input) => {
      dests[i] = pack(i, input);
      return [OP_HASH, dests[i].length * BLOCK, 0];
    },
    onCaller: (i) => {
      const bytes = pool.scratch;
      const d = pack(i, bytes);
      hashInto(bytes.subarray(0, d.length * BLOCK), bytes.subarray(0, d.length * CHUNK));
      applyHashes(d, bytes);
    },
    collect: (i, out) => {
      applyHashes(/** @type {Dest[]} */ (dests[i]), out);
      dests[i] = null;
    },
  });
}

/**
 * Writes the next `count` HashComputations' pairs into bytes, 64 bytes each;
 * returns their dests. `last`: the level must end after them.
 * @param {Iterator<HashComputation>} iter
 * @param {number} count
 * @param {Uint8Array} bytes
 * @param {boolean} last
 * @returns {Dest[]}
 */
function packPairs(iter, count, bytes, last) {
  const words = new Int32Array(bytes.buffer, bytes.byteOffset, bytes.length / 4);
  const dests = new Array(count);
  for (let j = 0; j < count; j++) {
    const next = iter.next();
    const hc = next.value;
    if (next.done || !hc?.src0 || !hc.src1 || typeof hc.dest?.applyHash !== "function") throw new Error("not a HashComputation");
    readHashObject(hc.src0, words, 16 * j, "src0", "executeHashComputations");
    readHashObject(hc.src1, words, 16 * j + 8, "src1", "executeHashComputations");
    dests[j] = hc.dest;
  }
  if (last && !iter.next().done) throw new Error("more HashComputations than the level's length");
  return dests;
}

/**
 * Gives each dest its 32-byte digest from out, in order, in one HashObject
 * per call: an applyHash may call another pool's hasher.
 * @param {Dest[]} dests
 * @param {Uint8Array} out
 */
function applyHashes(dests, out) {
  const result = newHashObject();
  const words = new Int32Array(out.buffer, out.byteOffset, out.length / 4);
  for (let j = 0; j < dests.length; j++) {
    writeHashObject(words, 8 * j, result);
    dests[j].applyHash(result);
  }
}
