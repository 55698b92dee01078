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
  const n = lengthGetter.call(x);
  // A view of a detached buffer reads as empty: an error, not the digest of no data.
  if (n === 0 && detached(x)) throw new TypeError(`${fn}: ${name}'s buffer is detached`);
  return n;
}

/**
 * Whether x, a Uint8Array (a TypeError naming it otherwise, or its detached
 * buffer, as bytesLength), has exactly `size` bytes. On a Uint8Array of this
 * realm two indexed reads, which no code of the caller's can intercept, stand
 * in for the length getter: about half its cost in JavaScriptCore
 * (docs/performance-notes.md, "Per-call budget").
 * @param {unknown} x
 * @param {number} size At least 1.
 * @param {string} name
 * @param {string} fn
 * @returns {x is Uint8Array}
 */
export function hasLength(x, size, name, fn) {
  if (isOwnBytes(x) && x[size - 1] !== undefined && x[size] === undefined) return true;
  return bytesLength(x, name, fn) === size;
}

/**
 * Whether x is a Uint8Array of this realm, whose indexed reads then run no
 * code of the caller's and give undefined past its end or at a fractional
 * index: the fast paths of hasLength and checkRoom. A Proxy is not one.
 * @param {unknown} x
 * @returns {x is Uint8Array}
 */
const isOwnBytes = (x) => ArrayBuffer.isView(x) && x instanceof Uint8Array;

/**
 * Whether x, an empty Uint8Array, views a detached buffer: a view of one cannot be made.
 * @param {Uint8Array} x
 * @returns {boolean}
 */
function detached(x) {
  try {
    plainView(x, 0);
    return false;
  } catch {
    return true;
  }
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

// The checks of the hasher's merkleizeBlocksBytes, merkleizeBlockArray and
// digestNLevel (js/core/hasher.js), with persistent-merkle-tree's errors,
// each giving the shape of the work; sha256-simd/pool's hasher checks its
// calls with them too, so that its errors are these.

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

// Checks of what the checks above leave: numbers, offsets and outputs,
// executeHashComputations' levels. Each throws a TypeError or RangeError
// naming the function and the argument, before any work.

/**
 * A TypeError unless x is a number.
 * @param {unknown} x
 * @param {string} name
 * @param {string} fn
 * @returns {asserts x is number}
 */
export function assertNumber(x, name, fn) {
  if (typeof x !== "number") throw new TypeError(`${fn}: ${name} must be a number, got ${describe(x)}`);
}

/**
 * `x` as an integer in [min, max] (max may be Infinity): a TypeError for a non-number, a RangeError out of range.
 * @param {unknown} x
 * @param {number} min
 * @param {number} max
 * @param {string} name
 * @param {string} fn
 * @returns {asserts x is number}
 */
export function assertInteger(x, min, max, name, fn) {
  assertNumber(x, name, fn);
  if (!Number.isInteger(x) || x < min || x > max) {
    throw new RangeError(`${fn}: ${name} must be an integer from ${min} to ${max}, got ${x}`);
  }
}

/**
 * A TypeError unless x is an object (a HashObject to write into).
 * @param {unknown} x
 * @param {string} name
 * @param {string} fn
 * @returns {asserts x is object}
 */
export function assertObject(x, name, fn) {
  if (x === null || typeof x !== "object") throw new TypeError(`${fn}: ${name} must be an object, got ${describe(x)}`);
}

/**
 * Checks that x is a Uint8Array with `size` bytes at `offset`, an integer:
 * RangeErrors name x where it is shorter than size, else offset.
 * @param {unknown} x
 * @param {unknown} offset
 * @param {number} size
 * @param {string} name
 * @param {string} fn
 * @returns {asserts offset is number}
 */
export function assertRoom(x, offset, size, name, fn) {
  const n = bytesLength(x, name, fn);
  assertNumber(offset, "offset", fn);
  if (n < size) throw new RangeError(`${fn}: ${name} must be at least ${size} bytes, got ${n}`);
  assertInteger(offset, 0, n - size, "offset", fn);
}

/**
 * assertRoom, with a Uint8Array of this realm and a number offset that fit
 * checked by one indexed read, not the length getter: for the HashObject
 * conversions on persistent-merkle-tree's hot paths (docs/performance-notes.md,
 * "What reading arguments whole costs").
 * @param {unknown} x
 * @param {unknown} offset
 * @param {number} size At least 1.
 * @param {string} name
 * @param {string} fn
 * @returns {asserts offset is number}
 */
export function checkRoom(x, offset, size, name, fn) {
  if (!(isOwnBytes(x) && typeof offset === "number" && offset >= 0 && x[offset + size - 1] !== undefined)) assertRoom(x, offset, size, name, fn);
}
