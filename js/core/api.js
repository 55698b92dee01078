// Drop-in for @chainsafe/as-sha256: the same exports, results and errors,
// with TypeErrors where as-sha256 would hash non-bytes as zeros. Each function
// reads its arguments whole before it stages any (check.js).
import {allocUnsafe, digestOf} from "./alloc.js";
import {arrayOf, arrayOfLength, bytesLength, hasLength, lengthOf, plainView, setBytes} from "./check.js";
import {
  byteArrayIntoHashObject,
  byteArrayToHashObject,
  hashObjectToByteArray,
  newHashObject,
  writeHashObject,
} from "./hashObject.js";
import {copySmall, ctxPtr, ioBytes, ioDigest, ioDigests, ioPtr, ioSize, ioView, ioWords, streamThrough} from "./io.js";
import {hash64} from "./lanes.js";
import {core} from "./loader.js";
import {native} from "./native.js";
import {hashBytesPair, hashObjectsPair, readBatch} from "./pairs.js";
import {SHA256, absorb} from "./stream.js";

export {allocUnsafe, byteArrayIntoHashObject, byteArrayToHashObject, hashObjectToByteArray, SHA256};
export {backend, reinitializeInstance, simdEnabled} from "./loader.js";

/** @typedef {import("./hashObject.js").HashObject} HashObject */


/**
 * SHA-256 of `data`, of any length.
 * @param {Uint8Array} data
 * @returns {Uint8Array}
 * @throws {TypeError} when `data` is not a Uint8Array.
 */
export function digest(data) {
  const n = bytesLength(data, "data", "digest");
  if (n >= native.min) {
    const out = native.digest(data);
    if (out !== null) return out;
  }
  if (n <= ioSize) {
    ioBytes.set(data);
    if (n === 64) core.hash64_x1(ioPtr, ioPtr, 1);
    else core.digest(ioPtr, ioPtr, n);
  } else {
    core.sha256_init(ctxPtr);
    absorb(data, n);
    core.sha256_final(ctxPtr, ioPtr);
  }
  return digestOf(ioDigest);
}

/**
 * SHA-256 of exactly 64 bytes.
 * @param {Uint8Array} data
 * @returns {Uint8Array}
 * @throws {TypeError} when `data` is not a Uint8Array.
 * @throws {Error} "InvalidLengthForDigest64" when `data` is not 64 bytes.
 */
export function digest64(data) {
  if (!hasLength(data, 64, "data", "digest64")) throw new Error("InvalidLengthForDigest64");
  copySmall(ioBytes, data, 64);
  core.hash64_x1(ioPtr, ioPtr, 1);
  return digestOf(ioDigest);
}

/**
 * SHA-256 of exactly 64 bytes, written into `output` (32 bytes).
 * @param {Uint8Array} data
 * @param {Uint8Array} output
 * @returns {void}
 * @throws {TypeError} when `data` or `output` is not a Uint8Array.
 * @throws {Error} "InvalidLengthForDigest64, got <n>" or "InvalidLengthForOutput32, got <n>".
 */
export function digest64Into(data, output) {
  const data64 = hasLength(data, 64, "data", "digest64Into");
  const output32 = hasLength(output, 32, "output", "digest64Into");
  if (!data64) throw new Error(`InvalidLengthForDigest64, got ${lengthOf(data)}`);
  if (!output32) throw new Error(`InvalidLengthForOutput32, got ${lengthOf(output)}`);
  copySmall(ioBytes, data, 64);
  core.hash64_x1(ioPtr, ioPtr, 1);
  copySmall(output, ioDigest, 32);
}

// Each function's name and its arguments', as its messages give them.
const D2 = ["digest2Bytes32", "bytes1", "bytes2"];
const D2_INTO = ["digest2Bytes32Into", "bytes1", "bytes2", "output"];
const D64_OBJECTS = ["digest64HashObjects", "obj1", "obj2"];
const D64_OBJECTS_INTO = ["digest64HashObjectsInto", "obj1", "obj2", "output"];

/**
 * SHA-256 of the 64 bytes `bytes1 || bytes2` (32 bytes each).
 * @param {Uint8Array} bytes1
 * @param {Uint8Array} bytes2
 * @returns {Uint8Array}
 * @throws {TypeError} when an argument is not a Uint8Array.
 * @throws {Error} "InvalidLengthForDigest64" when either is not 32 bytes.
 */
export function digest2Bytes32(bytes1, bytes2) {
  return /** @type {Uint8Array} */ (hashBytesPair(bytes1, bytes2, undefined, D2));
}

/**
 * SHA-256 of `bytes1 || bytes2`, written into `output` (32 bytes).
 * @param {Uint8Array} bytes1
 * @param {Uint8Array} bytes2
 * @param {Uint8Array} output
 * @returns {void}
 * @throws {TypeError} when an argument is not a Uint8Array.
 * @throws {Error} "InvalidLengthForDigest64" or "InvalidLengthForOutput32".
 */
export function digest2Bytes32Into(bytes1, bytes2, output) {
  hashBytesPair(bytes1, bytes2, output, D2_INTO);
}

/**
 * SHA-256 of the 64 bytes that `obj1` and `obj2` stand for, as a HashObject.
 * @param {HashObject} obj1
 * @param {HashObject} obj2
 * @returns {HashObject}
 * @throws {TypeError} when either is not an object with numeric h0..h7.
 */
export function digest64HashObjects(obj1, obj2) {
  const result = newHashObject();
  hashObjectsPair(obj1, obj2, result, D64_OBJECTS);
  return result;
}

/**
 * As digest64HashObjects, written into the fields of `output`.
 * @param {HashObject} obj1
 * @param {HashObject} obj2
 * @param {HashObject} output
 * @returns {void}
 * @throws {TypeError} when `obj1` or `obj2` is not a HashObject or `output` is not an object.
 */
export function digest64HashObjectsInto(obj1, obj2, output) {
  hashObjectsPair(obj1, obj2, output, D64_OBJECTS_INTO);
}

/**
 * Hashes four 64-byte messages: digest i is SHA-256 of `inputs[i]`.
 * @param {Uint8Array[]} inputs
 * @returns {Uint8Array[]}
 * @throws {TypeError} when `inputs` is not an Array or an entry is not a Uint8Array.
 * @throws {Error} "Input length must be 4", "Input <i> is null or undefined",
 * or "Invalid length <n> at input <i>".
 */
export function batchHash4UintArray64s(inputs) {
  const fn = "batchHash4UintArray64s";
  const items = arrayOf(inputs, 4, "inputs", fn);
  for (let i = 0; i < 4; i++) {
    if (items[i] == null) throw new Error(`Input ${i} is null or undefined`);
    if (!hasLength(items[i], 64, `inputs[${i}]`, fn)) throw new Error(`Invalid length ${lengthOf(items[i])} at input ${i}`);
  }
  for (let i = 0; i < 4; i++) copySmall(ioBytes, items[i], 64, 64 * i);
  hash64(ioPtr, ioPtr, 4);
  return [digestOf(ioDigests[0]), digestOf(ioDigests[1]), digestOf(ioDigests[2]), digestOf(ioDigests[3])];
}

/**
 * Hashes four pairs of HashObjects: output i is SHA-256 of the 64 bytes of
 * `inputs[2i]` then `inputs[2i + 1]`.
 * @param {HashObject[]} inputs
 * @returns {HashObject[]}
 * @throws {TypeError} when `inputs` is not an Array or an entry is not a HashObject.
 * @throws {Error} "Input length must be 8".
 */
export function batchHash4HashObjectInputs(inputs) {
  const words = readBatch(arrayOfLength(inputs, 8, "inputs", "batchHash4HashObjectInputs"), "batchHash4HashObjectInputs");
  ioWords.set(words);
  hash64(ioPtr, ioPtr, 4);
  const outputs = [];
  for (let i = 0; i < 4; i++) {
    const obj = newHashObject();
    writeHashObject(ioWords, 8 * i, obj);
    outputs.push(obj);
  }
  return outputs;
}

// The names these two had when SIMD was first proposed upstream.
/** Alias of batchHash4UintArray64s. @type {typeof batchHash4UintArray64s} */
export const hash4Input64s = batchHash4UintArray64s;
/** Alias of batchHash4HashObjectInputs. @type {typeof batchHash4HashObjectInputs} */
export const hash8HashObjects = batchHash4HashObjectInputs;

/** @param {number} len */
const hashPiece = (len) => hash64(ioPtr, ioPtr, len >> 6);

/**
 * Hashes N 64-byte messages (`input`, N * 64 bytes) into N consecutive
 * 32-byte digests (`output`, N * 32 bytes), looping inside wasm. `output`
 * may be `input.subarray(0, input.length / 2)`.
 * @param {Uint8Array} input
 * @param {Uint8Array} output
 * @returns {void}
 * @throws {TypeError} when an argument is not a Uint8Array.
 * @throws {Error} "Invalid input length <n>" when `input` is not a multiple of
 * 64 bytes, or "Invalid output length <n>" when `output` is not half of it.
 */
export function hashInto(input, output) {
  const n = bytesLength(input, "input", "hashInto");
  const outLength = bytesLength(output, "output", "hashInto");
  if (n % 64 !== 0) throw new Error(`Invalid input length ${n}`);
  if (n !== outLength * 2) throw new Error(`Invalid output length ${outLength}`);
  if (n <= ioSize) {
    ioBytes.set(input);
    hash64(ioPtr, ioPtr, n >> 6);
    setBytes(output, ioView(n >> 1));
  } else {
    streamThrough(plainView(input, n), n, 0, hashPiece, plainView(output, n >> 1), 2);
  }
}

export {HMAC, hmac} from "./hmac.js";
export {hkdf, hkdfExpand, hkdfExtract, pbkdf2} from "./kdf.js";
export {digestMany, digestManyInto, digestParts} from "./many.js";
