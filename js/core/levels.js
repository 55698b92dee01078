// executeHashComputations, for both Hashers: a level's HashComputations are
// read in batches by one reader, each batch read and checked whole before any
// node of it is applied. A Hasher supplies only how a batch is hashed: here,
// on this thread; the pool's, over its threads too. So the single-threaded
// hasher and the pool's read, apply and throw alike, by construction.
import {arrayItems, describe} from "./check.js";
import {newHashObject, readHashObject, writeHashObject} from "./hashObject.js";
import {ioPtr, ioSize, ioWords} from "./io.js";
import {hash64} from "./lanes.js";
import {BLOCK} from "./sizes.js";

/** @import {HashComputation, HashComputationLevel} from "./tree-hasher.js" */

const fn = "executeHashComputations";

/**
 * The HashComputations of a batch: as many as the I/O buffer hashes in one
 * call, the fastest (performance-notes, "Digests and the hasher's batches").
 */
export const BATCH = ioSize / BLOCK;

/**
 * A batch's place: words, 16 per pair read (or 8 per digest once hashed),
 * and the dests to apply them to. Each nesting depth of calls (from getters,
 * applyHash) has its own; applyHash copies, so one result object serves.
 * @internal
 * @typedef {{words: Int32Array, dests: (HashComputation["dest"] | null)[], result: import("./hashObject.js").HashObject}} Frame
 */
/** @type {Frame[]} */
const frames = [];
let depth = 0;

/** Reads one level's HashComputations in order, as many at a time as asked. */
export class LevelReader {
  /** @param {HashComputationLevel} hcLevel */
  constructor(hcLevel) {
    const length = hcLevel.length;
    /** The level's own count of its HashComputations: only a guess at how many its iterator gives, which decides nothing but how the pool cuts a batch. */
    this.length = typeof length === "number" ? length : NaN;
    this.iterator = hcLevel[Symbol.iterator]();
    /** HashComputations read so far. */
    this.index = 0;
    this.done = false;
  }

  /**
   * Reads up to `max` HashComputations: pair j's two HashObjects into
   * words[16j .. 16j + 16), its dest into dests[at + j]. Returns how many,
   * fewer than max only where the level has ended (then 0, without asking
   * the iterator again).
   * @param {Int32Array} words
   * @param {Frame["dests"]} dests
   * @param {number} at
   * @param {number} max
   * @returns {number}
   */
  read(words, dests, at, max) {
    if (this.done) return 0;
    const iterator = this.iterator;
    let n = 0;
    for (; n < max; n++) {
      const next = iterator.next();
      if (next.done) break;
      // A null entry is invalid as one without src0 is (hashtree's error).
      const {src0, src1, dest} = next.value ?? {};
      if (!src0 || !src1 || !dest) throw new Error(`Invalid HashComputation at index ${this.index + n}`);
      readHashObject(src0, words, 16 * n, "src0", fn);
      readHashObject(src1, words, 16 * n + 8, "src1", fn);
      dests[at + n] = dest;
    }
    // Written on every call, not only where the level ends: V8 deoptimized
    // the loop there, at each level's end (performance-notes, "The pool's
    // executeHashComputations").
    this.done = n < max;
    this.index += n;
    return n;
  }
}

/**
 * Reads a batch, hashes it on this thread and applies it. Returns how many
 * HashComputations it read.
 * @param {LevelReader} reader
 * @param {Frame} frame
 * @returns {number}
 */
export function hashHere(reader, frame) {
  const n = reader.read(frame.words, frame.dests, 0, BATCH);
  hashRead(frame.words, 0, n);
  applyBatch(frame, 0, n);
  return n;
}

/**
 * Hashes n pairs read into words from pair `from` on, on this thread: their
 * digests land in words[8 * from ..), over pairs already hashed.
 * @param {Int32Array} words
 * @param {number} from
 * @param {number} n
 */
export function hashRead(words, from, n) {
  if (n > 0) {
    ioWords.set(words.subarray(16 * from, 16 * (from + n)));
    hash64(ioPtr, ioPtr, n);
    words.set(ioWords.subarray(0, 8 * n), 8 * from);
  }
}

/**
 * Runs executeHashComputations, each batch read, hashed and applied by
 * hashBatch(reader, frame), through applyBatch. A level's iterator is
 * closed on an error, as for-of closes it.
 * @param {readonly HashComputationLevel[]} hashComputations
 * @param {(reader: LevelReader, frame: Frame) => void} hashBatch
 */
export function executeLevels(hashComputations, hashBatch) {
  const levels = hashLevels(hashComputations);
  const frame = (frames[depth] ??= {words: new Int32Array(16 * BATCH), dests: new Array(BATCH).fill(null), result: newHashObject()});
  depth++;
  try {
    for (let level = levels.length - 1; level >= 0; level--) {
      const reader = new LevelReader(levels[level]);
      try {
        while (!reader.done) hashBatch(reader, frame);
      } catch (e) {
        // Dropped so that the frame does not keep the caller's trees alive.
        frame.dests.fill(null);
        if (!reader.done) closeQuietly(reader.iterator);
        throw e;
      }
    }
  } finally {
    depth--;
  }
}

/**
 * Applies the digests of a batch's HashComputations [from, to) to their dests, in order.
 * @param {Frame} frame
 * @param {number} from
 * @param {number} to
 */
export function applyBatch({words, dests, result}, from, to) {
  for (let j = from; j < to; j++) {
    writeHashObject(words, 8 * j, result);
    const dest = /** @type {HashComputation["dest"]} */ (dests[j]);
    // Dropped first so the batch does not keep old trees alive.
    dests[j] = null;
    dest.applyHash(result);
  }
}

/**
 * Closes an iterator left on an error, as for-of does: the error that left
 * it is the one thrown, not one from its return().
 * @param {Iterator<unknown>} iterator
 */
function closeQuietly(iterator) {
  try {
    iterator.return?.();
  } catch {
    // The error already on its way wins, as in for-of.
  }
}

/**
 * executeHashComputations' levels, read once and checked before any is
 * hashed, the last first as they are hashed: persistent-merkle-tree's error
 * for a missing level, a TypeError for one that is not iterable.
 * @param {unknown} hashComputations
 * @returns {any[]} The levels; their HashComputations are checked as they are read.
 */
function hashLevels(hashComputations) {
  const levels = arrayItems(hashComputations, "hashComputations", fn);
  for (let level = levels.length - 1; level >= 0; level--) {
    const hcLevel = levels[level];
    if (!hcLevel) throw new Error(`no hash computations for level ${level}`);
    if (typeof hcLevel[Symbol.iterator] !== "function") {
      throw new TypeError(`${fn}: hashComputations[${level}] must be iterable, got ${describe(hcLevel)}`);
    }
  }
  return levels;
}
