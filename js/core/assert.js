// Checks of what check.js's reads leave: numbers, offsets and outputs,
// executeHashComputations' levels. Each throws a TypeError or RangeError
// naming the function and the argument, before any work.
import {bytesLength, describe, isOwnBytes} from "./check.js";

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
