// Argument checks, and reading arguments whole before any is staged in the
// module's memory: the caller's code (getters, Proxies, iterators) may call
// the package again while an argument is read, never between staging and
// hashing. Each check throws before the memory is touched.
import {BLOCK, CHUNK} from "./sizes.js";

const typedArray = Object.getPrototypeOf(Uint8Array.prototype);
/** @param {string} name @returns {(this: unknown) => any} */
const intrinsic = (name) => Object.getOwnPropertyDescriptor(typedArray, name).get;
const lengthGetter = intrinsic("length");
const bufferGetter = intrinsic("buffer");
const offsetGetter = intrinsic("byteOffset");
const setMethod = typedArray.set;

/**
 * What x is, for an error message: its constructor's name, or its type.
 * @param {unknown} x
 * @returns {string}
 */
export function describe(x) {
  if (x === null) return "null";
  if (Array.isArray(x)) return "Array";
  if (typeof x === "object") return x.constructor?.name ?? "object";
  return typeof x;
}

/**
 * Whether x is a Uint8Array (or a subclass such as Buffer), from this realm
 * or another (worker, vm, iframe). A Proxy is not: copying one would run the
 * caller's traps while the copy is under way.
 * @param {unknown} x
 * @returns {x is Uint8Array}
 */
export function isBytes(x) {
  return ArrayBuffer.isView(x) && (x instanceof Uint8Array || Object.prototype.toString.call(x) === "[object Uint8Array]");
}

/**
 * x's length, read from the typed array itself: a `length` getter of the caller's neither runs nor misleads.
 * @param {Uint8Array} x
 * @returns {number}
 */
export const lengthOf = (x) => lengthGetter.call(x);

/**
 * The length of x, a Uint8Array, or a TypeError naming it.
 * @param {unknown} x
 * @param {string} name The argument, for the error.
 * @param {string} fn The function, for the error.
 * @returns {number}
 */
export function bytesLength(x, name, fn) {
  if (!isBytes(x)) throw new TypeError(`${fn}: ${name} must be a Uint8Array, got ${describe(x)}`);
  return lengthGetter.call(x);
}

/**
 * x's first n bytes as a plain Uint8Array, whose subarray() runs no species constructor of the caller's.
 * @param {Uint8Array} x
 * @param {number} n
 * @returns {Uint8Array}
 */
export const plainView = (x, n) => new Uint8Array(bufferGetter.call(x), offsetGetter.call(x), n);

/**
 * dst.set(src, at) with the intrinsic set, never an override of the caller's.
 * @param {Uint8Array} dst
 * @param {ArrayLike<number>} src
 * @param {number} [at]
 */
export const setBytes = (dst, src, at = 0) => setMethod.call(dst, src, at);

/**
 * The elements of x, an Array (of `what`), read once into an array of the package's own.
 * @param {unknown} x
 * @param {string} name
 * @param {string} fn
 * @param {string} [what]
 * @returns {any[]} Unchecked: the caller checks each.
 */
export function arrayItems(x, name, fn, what = "an Array") {
  if (!Array.isArray(x)) throw new TypeError(`${fn}: ${name} must be ${what}, got ${describe(x)}`);
  const n = x.length;
  const items = new Array(n);
  for (let i = 0; i < n; i++) items[i] = x[i];
  return items;
}

/**
 * The elements of x, an Array of `length` elements: as-sha256's error for another length.
 * @param {unknown} x
 * @param {number} length
 * @param {string} name
 * @param {string} fn
 * @returns {any[]} Unchecked: the caller checks each.
 */
export function arrayOf(x, length, name, fn) {
  const items = arrayItems(x, name, fn);
  if (items.length !== length) throw new Error(`Input length must be ${length}`);
  return items;
}

/**
 * x itself, checked to be an Array of `length` elements as arrayOf checks,
 * for a caller that reads each element once per reading, into its own copy.
 * @param {unknown} x
 * @param {number} length
 * @param {string} name
 * @param {string} fn
 * @returns {any[]}
 */
export function arrayOfLength(x, length, name, fn) {
  if (!Array.isArray(x)) throw new TypeError(`${fn}: ${name} must be an Array, got ${describe(x)}`);
  if (x.length !== length) throw new Error(`Input length must be ${length}`);
  return x;
}

/**
 * The Uint8Arrays of x, an Array, read once, and their lengths: a TypeError
 * naming the first that is not one.
 * @param {unknown} x
 * @param {string} name
 * @param {string} fn
 * @returns {{items: Uint8Array[], lengths: number[]}}
 */
export function byteList(x, name, fn) {
  const items = arrayItems(x, name, fn, "an Array of Uint8Array");
  const lengths = new Array(items.length);
  for (let i = 0; i < items.length; i++) lengths[i] = bytesLength(items[i], `${name}[${i}]`, fn);
  return {items, lengths};
}

/**
 * Levels between the chunks and the root of a tree padded to padFor chunks.
 * @param {number} padFor
 * @returns {number}
 */
function levelsOf(padFor) {
  const levels = Math.ceil(Math.log2(padFor));
  // Infinity or NaN would make persistent-merkle-tree's hashers loop forever
  // or write undefined; here they are an error.
  if (!Number.isFinite(levels)) throw new Error(`Invalid padFor, expect a finite number, got ${padFor}`);
  return levels;
}

// The checks of the hasher's merkleizeBlocksBytes, merkleizeBlockArray and
// digestNLevel (js/core/hasher.js), with persistent-merkle-tree's errors,
// each giving the shape of the work; sha256-simd/pool's hasher checks its
// calls with them too, so that its errors are these.

/**
 * merkleizeBlocksBytes' arguments: the chunks to hash and the levels above them.
 * @param {unknown} blocksBytes
 * @param {number} padFor
 * @returns {{chunks: number, levels: number}}
 */
export function blocksBytesTree(blocksBytes, padFor) {
  const length = bytesLength(blocksBytes, "blocksBytes", "merkleizeBlocksBytes");
  if (padFor < 1) throw new Error(`Invalid padFor, expect to be greater than 0, got ${padFor}`);
  const levels = levelsOf(padFor);
  if (length % BLOCK !== 0) {
    if (length % CHUNK !== 0) {
      throw new Error(`Invalid input length, expect to be multiple of 32 bytes, got ${length}`);
    }
    if (padFor > 1) {
      throw new Error(`Invalid input length, expect to be multiple of 64 bytes, got ${length}, padFor=${padFor}`);
    }
  }
  return {chunks: length / CHUNK, levels};
}

/**
 * merkleizeBlockArray's arguments: the chunks to hash, the levels above
 * them, and the blocks that hold the chunks, read once.
 * @param {unknown} blocks
 * @param {number} blockLimit
 * @param {number} padFor
 * @returns {{chunks: number, levels: number, blocks: Uint8Array[]}}
 */
export function blockArrayTree(blocks, blockLimit, padFor) {
  if (padFor < 1) throw new Error(`Invalid padFor, expect to be at least 1, got ${padFor}`);
  const items = arrayItems(blocks, "blocks", "merkleizeBlockArray");
  if (blockLimit > items.length) {
    throw new Error(`Invalid blockLimit, expect to be less than or equal blocks.length ${items.length}, got ${blockLimit}`);
  }
  if (!(Number.isInteger(blockLimit) && blockLimit >= 0)) {
    throw new Error(`Invalid blockLimit, expect a non-negative integer, got ${blockLimit}`);
  }
  const levels = levelsOf(padFor);
  // As in persistent-merkle-tree, no block is checked when none is hashed,
  // and all of them are checked otherwise.
  if (blockLimit > 0) {
    for (const block of items) {
      const n = isBytes(block) ? lengthGetter.call(block) : block?.length;
      if (n !== BLOCK || !isBytes(block)) throw new Error(`Invalid block length, expect to be 64 bytes, got ${n}`);
    }
  }
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
  const bytesInBatch = Math.pow(2, nLevel) * CHUNK;
  if (nLevel < 1) throw new Error(`Invalid nLevel, expect to be greater than 0, got ${nLevel}`);
  if (length % bytesInBatch !== 0) {
    throw new Error(`Invalid input length, expect to be multiple of ${bytesInBatch} for nLevel ${nLevel}, got ${length}`);
  }
  return {bytesInBatch, length};
}
