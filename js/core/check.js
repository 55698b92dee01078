// Reading arguments whole before any is staged in the module's memory, with
// the intrinsics of this realm: the caller's code (getters, Proxies,
// iterators) may call the package again while an argument is read, never
// between staging and hashing. Each read throws before the memory is
// touched; assert.js checks numbers and room, tree-checks.js the hasher's
// arguments.

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
  // The length x reports, checked by two indexed reads, which no code of the
  // caller's can intercept: a load where lengthOf is a call, 20 ns in V8
  // (performance-notes, "What reading arguments whole costs"). A subclass's
  // getter runs, before anything is staged, and where it misleads, lengthOf decides.
  if (isOwnBytes(x)) {
    const n = x.length;
    if (typeof n === "number" && x[n - 1] !== undefined && x[n] === undefined) return n;
  }
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
export const isOwnBytes = (x) => ArrayBuffer.isView(x) && x instanceof Uint8Array;

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
