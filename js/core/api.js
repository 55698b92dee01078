// Drop-in for @chainsafe/as-sha256: the same exports, results and errors,
// with TypeErrors where as-sha256 would hash non-bytes as zeros.
import {allocUnsafe, newDigest} from "./alloc.js";
import {assertArray, assertBytes, assertHashObject} from "./check.js";
import {
  byteArrayIntoHashObject,
  byteArrayToHashObject,
  hashObjectIntoWords,
  hashObjectToByteArray,
  newHashObject,
  wordsIntoHashObject,
} from "./hashObject.js";
import {core} from "./loader.js";
import {hash64} from "./lanes.js";
import {native} from "./native.js";
import {copySmall, ctxPtr, ioBytes, ioDigest, ioPtr, ioSize, ioWords, streamThrough} from "./io.js";
import {SHA256, absorb} from "./stream.js";

export {allocUnsafe, byteArrayIntoHashObject, byteArrayToHashObject, hashObjectToByteArray, SHA256};
export {backend, reinitializeInstance, simdEnabled} from "./loader.js";

// newDigest() (alloc.js), not allocUnsafe's Buffer-pool view as in
// as-sha256: it is faster, and gives the caller a plain Uint8Array
// (docs/performance-notes.md, "Digests and the hasher's batches").
function allocDigest(offset) {
  const out = newDigest();
  copySmall(out, offset === 0 ? ioDigest : ioBytes.subarray(offset, offset + 32));
  return out;
}

/** SHA-256 of data of any length. */
export function digest(data) {
  assertBytes(data, "data", "digest");
  const n = data.length;
  if (n >= native.min) {
    const out = native.digest(data);
    if (out !== null) return out;
  }
  if (n === 64) {
    ioBytes.set(data);
    core.hash64_x1(ioPtr, ioPtr, 1);
  } else if (n <= ioSize) {
    ioBytes.set(data);
    core.digest(ioPtr, ioPtr, n);
  } else {
    core.sha256_init(ctxPtr);
    absorb(data);
    core.sha256_final(ctxPtr, ioPtr);
  }
  return allocDigest(0);
}

export function digest64(data) {
  assertBytes(data, "data", "digest64");
  if (data.length !== 64) throw new Error("InvalidLengthForDigest64");
  copySmall(ioBytes, data);
  core.hash64_x1(ioPtr, ioPtr, 1);
  return allocDigest(0);
}

export function digest64Into(data, output) {
  assertBytes(data, "data", "digest64Into");
  assertBytes(output, "output", "digest64Into");
  if (data.length !== 64) throw new Error(`InvalidLengthForDigest64, got ${data.length}`);
  if (output.length !== 32) throw new Error(`InvalidLengthForOutput32, got ${output.length}`);
  copySmall(ioBytes, data);
  core.hash64_x1(ioPtr, ioPtr, 1);
  copySmall(output, ioDigest);
}

function load2Bytes32(bytes1, bytes2, fn) {
  assertBytes(bytes1, "bytes1", fn);
  assertBytes(bytes2, "bytes2", fn);
  if (bytes1.length !== 32 || bytes2.length !== 32) throw new Error("InvalidLengthForDigest64");
  copySmall(ioBytes, bytes1);
  copySmall(ioBytes, bytes2, 32);
}

export function digest2Bytes32(bytes1, bytes2) {
  load2Bytes32(bytes1, bytes2, "digest2Bytes32");
  core.hash64_x1(ioPtr, ioPtr, 1);
  return allocDigest(0);
}

export function digest2Bytes32Into(bytes1, bytes2, output) {
  load2Bytes32(bytes1, bytes2, "digest2Bytes32Into");
  assertBytes(output, "output", "digest2Bytes32Into");
  if (output.length !== 32) throw new Error("InvalidLengthForOutput32");
  core.hash64_x1(ioPtr, ioPtr, 1);
  copySmall(output, ioDigest);
}

export function digest64HashObjects(obj1, obj2) {
  const result = newHashObject();
  digest64HashObjectsInto(obj1, obj2, result);
  return result;
}

export function digest64HashObjectsInto(obj1, obj2, output) {
  assertHashObject(obj1, "obj1", "digest64HashObjectsInto");
  assertHashObject(obj2, "obj2", "digest64HashObjectsInto");
  if (output === null || typeof output !== "object") {
    throw new TypeError("digest64HashObjectsInto: output must be an object");
  }
  hashObjectIntoWords(obj1, ioWords, 0);
  hashObjectIntoWords(obj2, ioWords, 8);
  core.hash64_x1(ioPtr, ioPtr, 1);
  wordsIntoHashObject(ioWords, 0, output);
}

/**
 * Hashes four 64-byte messages: inputs[i] -> output i.
 */
export function batchHash4UintArray64s(inputs) {
  assertArray(inputs, 4, "inputs", "batchHash4UintArray64s");
  for (let i = 0; i < 4; i++) {
    if (inputs[i] == null) throw new Error(`Input ${i} is null or undefined`);
    assertBytes(inputs[i], `inputs[${i}]`, "batchHash4UintArray64s");
    if (inputs[i].length !== 64) throw new Error(`Invalid length ${inputs[i].length} at input ${i}`);
  }
  for (let i = 0; i < 4; i++) copySmall(ioBytes, inputs[i], 64 * i);
  hash64(ioPtr, ioPtr, 4);
  return [allocDigest(0), allocDigest(32), allocDigest(64), allocDigest(96)];
}

/**
 * Hashes four pairs of HashObjects: (inputs[2i], inputs[2i+1]) -> output i.
 */
export function batchHash4HashObjectInputs(inputs) {
  assertArray(inputs, 8, "inputs", "batchHash4HashObjectInputs");
  for (let i = 0; i < 8; i++) assertHashObject(inputs[i], `inputs[${i}]`, "batchHash4HashObjectInputs");
  for (let i = 0; i < 8; i++) hashObjectIntoWords(inputs[i], ioWords, 8 * i);
  hash64(ioPtr, ioPtr, 4);
  const outputs = [];
  for (let i = 0; i < 4; i++) {
    const obj = newHashObject();
    wordsIntoHashObject(ioWords, 8 * i, obj);
    outputs.push(obj);
  }
  return outputs;
}

/** The names these two had when SIMD was first proposed upstream. */
export const hash4Input64s = batchHash4UintArray64s;
export const hash8HashObjects = batchHash4HashObjectInputs;

const hashPiece = (len) => hash64(ioPtr, ioPtr, len >> 6);

/**
 * Hashes N 64-byte messages (input, N * 64 bytes) into N digests (output,
 * N * 32 bytes), looping inside wasm. output may alias the start of input.
 */
export function hashInto(input, output) {
  assertBytes(input, "input", "hashInto");
  assertBytes(output, "output", "hashInto");
  const n = input.length;
  if (n % 64 !== 0) throw new Error(`Invalid input length ${n}`);
  if (n !== output.length * 2) throw new Error(`Invalid output length ${output.length}`);
  streamThrough(input, n, 0, hashPiece, output, 2);
}

export {HMAC, hkdf, hkdfExpand, hkdfExtract, hmac, pbkdf2} from "./hmac.js";
export {digestMany, digestManyInto, digestParts} from "./many.js";
