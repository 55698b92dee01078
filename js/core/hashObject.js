// HashObject: a 32-byte digest as eight 32-bit words h0..h7, each the
// little-endian reading of 4 bytes, signed (as as-sha256 produces them), so
// HashObjects from either library are deep-equal.
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
  const numbers = typeof h0 === "number" && typeof h1 === "number" && typeof h2 === "number" && typeof h3 === "number";
  if (typeof obj !== "object" || !numbers || typeof h4 !== "number" || typeof h5 !== "number" || typeof h6 !== "number" || typeof h7 !== "number") {
    const what = index === undefined ? name : `${name}[${index}]`;
    throw new TypeError(`${fn}: ${what} must be a HashObject with numeric h0..h7, got ${describe(obj)}`);
  }
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
 * Writes 8 consecutive words of an Int32Array at index i into obj's fields.
 * All are read first, so a setter of obj that calls the package again finds
 * them read.
 * @internal
 * @param {Int32Array} words
 * @param {number} i
 * @param {HashObject} obj
 */
export function writeHashObject(words, i, obj) {
  const h0 = words[i], h1 = words[i + 1], h2 = words[i + 2], h3 = words[i + 3];
  const h4 = words[i + 4], h5 = words[i + 5], h6 = words[i + 6], h7 = words[i + 7];
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
 * Reads 32 bytes of `byteArr` at `offset` into the fields of `output`.
 * @param {Uint8Array} byteArr
 * @param {number} offset
 * @param {HashObject} output
 * @returns {void}
 */
export function byteArrayIntoHashObject(byteArr, offset, output) {
  output.h0 = readWord(byteArr, offset);
  output.h1 = readWord(byteArr, offset + 4);
  output.h2 = readWord(byteArr, offset + 8);
  output.h3 = readWord(byteArr, offset + 12);
  output.h4 = readWord(byteArr, offset + 16);
  output.h5 = readWord(byteArr, offset + 20);
  output.h6 = readWord(byteArr, offset + 24);
  output.h7 = readWord(byteArr, offset + 28);
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
 */
export function byteArrayToHashObject(byteArr, offset) {
  const result = newHashObject();
  byteArrayIntoHashObject(byteArr, offset, result);
  return result;
}

/**
 * Writes the 32 bytes of `obj` into `byteArr` at `offset`.
 * @param {HashObject} obj
 * @param {Uint8Array} byteArr
 * @param {number} offset
 * @returns {void}
 */
export function hashObjectToByteArray(obj, byteArr, offset) {
  writeWord(byteArr, offset, obj.h0);
  writeWord(byteArr, offset + 4, obj.h1);
  writeWord(byteArr, offset + 8, obj.h2);
  writeWord(byteArr, offset + 12, obj.h3);
  writeWord(byteArr, offset + 16, obj.h4);
  writeWord(byteArr, offset + 20, obj.h5);
  writeWord(byteArr, offset + 24, obj.h6);
  writeWord(byteArr, offset + 28, obj.h7);
}
