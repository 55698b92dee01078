// HashObject: a 32-byte digest as eight 32-bit words h0..h7, each the
// little-endian reading of 4 bytes, signed (as as-sha256 produces them), so
// HashObjects from either library are deep-equal.
import {assertObject, checkRoom} from "./assert.js";
import {describe} from "./check.js";

/**
 * A 32-byte digest as eight 32-bit words: h0 is bytes 0..3 read
 * little-endian, and so on. The words produced here are signed, as in
 * as-sha256, so HashObjects from either library are deep-equal.
 * @typedef {object} HashObject
 * @property {number} h0
 * @property {number} h1
 * @property {number} h2
 * @property {number} h3
 * @property {number} h4
 * @property {number} h5
 * @property {number} h6
 * @property {number} h7
 */

/**
 * Reads HashObject obj into 8 consecutive words of `words` at index i, each
 * field once: a TypeError naming it (`name`, or `name[index]`) where obj is
 * not an object with numeric h0..h7. Its getters, if any, all run before the
 * words are written.
 * @internal
 * @param {any} obj Anything: checked here.
 * @param {Int32Array} words
 * @param {number} i
 * @param {string} name
 * @param {string} fn
 * @param {number} [index]
 */
export function readHashObject(obj, words, i, name, fn, index) {
  const {h0, h1, h2, h3, h4, h5, h6, h7} = obj ?? {};
  if (!isHashObject(obj, h0, h1, h2, h3, h4, h5, h6, h7)) throw notHashObject(obj, index === undefined ? name : `${name}[${index}]`, fn);
  words[i] = h0;
  words[i + 1] = h1;
  words[i + 2] = h2;
  words[i + 3] = h3;
  words[i + 4] = h4;
  words[i + 5] = h5;
  words[i + 6] = h6;
  words[i + 7] = h7;
}

/**
 * Whether obj, whose fields h0..h7 were read once into the others, is a HashObject.
 * @param {unknown} obj
 * @param {unknown} h0 @param {unknown} h1 @param {unknown} h2 @param {unknown} h3
 * @param {unknown} h4 @param {unknown} h5 @param {unknown} h6 @param {unknown} h7
 * @returns {boolean}
 */
function isHashObject(obj, h0, h1, h2, h3, h4, h5, h6, h7) {
  const numbers = typeof h0 === "number" && typeof h1 === "number" && typeof h2 === "number" && typeof h3 === "number";
  return typeof obj === "object" && numbers && typeof h4 === "number" && typeof h5 === "number" && typeof h6 === "number" && typeof h7 === "number";
}

/**
 * The TypeError for `what` of function fn, obj, which is not a HashObject.
 * @param {unknown} obj
 * @param {string} what
 * @param {string} fn
 */
const notHashObject = (obj, what, fn) => new TypeError(`${fn}: ${what} must be a HashObject with numeric h0..h7, got ${describe(obj)}`);

/**
 * Writes 8 consecutive words of an Int32Array at index i into obj's fields.
 * All are read first, so a setter of obj that calls the package again finds
 * them read.
 * @internal
 * @param {Int32Array} words
 * @param {number} i
 * @param {HashObject} obj
 */
export function writeHashObject(words, i, obj) {
  setWords(obj, words[i], words[i + 1], words[i + 2], words[i + 3], words[i + 4], words[i + 5], words[i + 6], words[i + 7]);
}

/**
 * Sets obj's fields h0..h7, from words all read before the first is set.
 * @param {HashObject} obj
 * @param {number} h0 @param {number} h1 @param {number} h2 @param {number} h3
 * @param {number} h4 @param {number} h5 @param {number} h6 @param {number} h7
 */
function setWords(obj, h0, h1, h2, h3, h4, h5, h6, h7) {
  obj.h0 = h0;
  obj.h1 = h1;
  obj.h2 = h2;
  obj.h3 = h3;
  obj.h4 = h4;
  obj.h5 = h5;
  obj.h6 = h6;
  obj.h7 = h7;
}

/**
 * @param {Uint8Array} bytes
 * @param {number} o
 */
function readWord(bytes, o) {
  return bytes[o] | (bytes[o + 1] << 8) | (bytes[o + 2] << 16) | (bytes[o + 3] << 24);
}

/**
 * @param {Uint8Array} bytes
 * @param {number} o
 * @param {number} w
 */
function writeWord(bytes, o, w) {
  bytes[o] = w;
  bytes[o + 1] = w >> 8;
  bytes[o + 2] = w >> 16;
  bytes[o + 3] = w >> 24;
}

/**
 * Reads the 32 bytes of byteArr at offset, checked, into output's fields, all
 * of them before any field is written.
 * @param {unknown} byteArr
 * @param {unknown} offset
 * @param {unknown} output
 * @param {string} fn
 */
function readBytesInto(byteArr, offset, output, fn) {
  checkRoom(byteArr, offset, 32, "byteArr", fn);
  if (output === null || typeof output !== "object") assertObject(output, "output", fn);
  const b = /** @type {Uint8Array} */ (byteArr);
  const at = /** @type {number} */ (offset);
  setWords(
    /** @type {HashObject} */ (output),
    readWord(b, at), readWord(b, at + 4), readWord(b, at + 8), readWord(b, at + 12),
    readWord(b, at + 16), readWord(b, at + 20), readWord(b, at + 24), readWord(b, at + 28),
  );
}

/**
 * Reads 32 bytes of `byteArr` at `offset` into the fields of `output`.
 * @param {Uint8Array} byteArr
 * @param {number} offset
 * @param {HashObject} output
 * @returns {void}
 * @throws {TypeError} when `byteArr` is not a Uint8Array, `offset` not a number or `output` not an object.
 * @throws {RangeError} when `offset` is not an integer with 32 bytes of `byteArr` from it.
 */
export function byteArrayIntoHashObject(byteArr, offset, output) {
  readBytesInto(byteArr, offset, output, "byteArrayIntoHashObject");
}

/**
 * A HashObject of zeros, for a result to be written into.
 * @internal
 * @returns {HashObject}
 */
export const newHashObject = () => ({h0: 0, h1: 0, h2: 0, h3: 0, h4: 0, h5: 0, h6: 0, h7: 0});

/**
 * Reads 32 bytes of `byteArr` at `offset` as a new HashObject.
 * @param {Uint8Array} byteArr
 * @param {number} offset
 * @returns {HashObject}
 * @throws {TypeError} when `byteArr` is not a Uint8Array or `offset` not a number.
 * @throws {RangeError} when `offset` is not an integer with 32 bytes of `byteArr` from it.
 */
export function byteArrayToHashObject(byteArr, offset) {
  const result = newHashObject();
  readBytesInto(byteArr, offset, result, "byteArrayToHashObject");
  return result;
}

/**
 * Writes the 32 bytes of `obj` into `byteArr` at `offset`.
 * @param {HashObject} obj
 * @param {Uint8Array} byteArr
 * @param {number} offset
 * @returns {void}
 * @throws {TypeError} when `obj` is not an object with numeric h0..h7, `byteArr` not a Uint8Array or `offset` not a number.
 * @throws {RangeError} when `offset` is not an integer with 32 bytes of `byteArr` from it.
 */
export function hashObjectToByteArray(obj, byteArr, offset) {
  const fn = "hashObjectToByteArray";
  const {h0, h1, h2, h3, h4, h5, h6, h7} = obj ?? {};
  if (!isHashObject(obj, h0, h1, h2, h3, h4, h5, h6, h7)) throw notHashObject(obj, "obj", fn);
  checkRoom(byteArr, offset, 32, "byteArr", fn);
  const b = /** @type {Uint8Array} */ (byteArr);
  writeWord(b, offset, h0);
  writeWord(b, offset + 4, h1);
  writeWord(b, offset + 8, h2);
  writeWord(b, offset + 12, h3);
  writeWord(b, offset + 16, h4);
  writeWord(b, offset + 20, h5);
  writeWord(b, offset + 24, h6);
  writeWord(b, offset + 28, h7);
}
