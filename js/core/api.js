// Drop-in for @chainsafe/as-sha256: the same exports, results and errors,
// with TypeErrors where as-sha256 would hash non-bytes as zeros. Each
// function reads its arguments whole, lengths from the typed arrays
// themselves, before it stages any in the module's memory (check.js), so a
// getter of the caller's that calls the package again disturbs nothing.
import {allocUnsafe, newDigest} from "./alloc.js";
import {arrayOf, bytesLength, plainView, setBytes} from "./check.js";
import {
  byteArrayIntoHashObject,
  byteArrayToHashObject,
  hashObjectToByteArray,
  newHashObject,
  readHashObject,
  writeHashObject,
} from "./hashObject.js";
import {copySmall, ctxPtr, ioBytes, ioDigest, ioPtr, ioSize, ioView, ioWords, streamThrough} from "./io.js";
import {hash64} from "./lanes.js";
import {core} from "./loader.js";
import {native} from "./native.js";
import {SHA256, absorb} from "./stream.js";

export {allocUnsafe, byteArrayIntoHashObject, byteArrayToHashObject, hashObjectToByteArray, SHA256};
export {backend, reinitializeInstance, simdEnabled} from "./loader.js";

// newDigest() (alloc.js), not allocUnsafe's Buffer view as in as-sha256:
// faster, and a plain Uint8Array (performance-notes, "Digests").
function allocDigest(offset) {
  const out = newDigest();
  copySmall(out, offset === 0 ? ioDigest : ioBytes.subarray(offset, offset + 32), 32);
  return out;
}

/** SHA-256 of data of any length. */
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
  return allocDigest(0);
}

/** The length of data, which must be 64 bytes: as-sha256's error, with the length after "got" where `got`. */
function length64(data, fn, got) {
  const n = bytesLength(data, "data", fn);
  if (n !== 64) throw new Error(got ? `InvalidLengthForDigest64, got ${n}` : "InvalidLengthForDigest64");
}

export function digest64(data) {
  length64(data, "digest64", false);
  copySmall(ioBytes, data, 64);
  core.hash64_x1(ioPtr, ioPtr, 1);
  return allocDigest(0);
}

export function digest64Into(data, output) {
  bytesLength(data, "data", "digest64Into");
  const n = bytesLength(output, "output", "digest64Into");
  length64(data, "digest64Into", true);
  if (n !== 32) throw new Error(`InvalidLengthForOutput32, got ${n}`);
  copySmall(ioBytes, data, 64);
  core.hash64_x1(ioPtr, ioPtr, 1);
  copySmall(output, ioDigest, 32);
}

/** Checks bytes1 and bytes2, 32 bytes each, and the output of an ...Into (`into`); then copies both into the I/O buffer. */
function load2Bytes32(bytes1, bytes2, fn, into, output) {
  const n1 = bytesLength(bytes1, "bytes1", fn);
  const n2 = bytesLength(bytes2, "bytes2", fn);
  if (n1 !== 32 || n2 !== 32) throw new Error("InvalidLengthForDigest64");
  if (into && bytesLength(output, "output", fn) !== 32) throw new Error("InvalidLengthForOutput32");
  copySmall(ioBytes, bytes1, 32);
  copySmall(ioBytes, bytes2, 32, 32);
}

export function digest2Bytes32(bytes1, bytes2) {
  load2Bytes32(bytes1, bytes2, "digest2Bytes32", false);
  core.hash64_x1(ioPtr, ioPtr, 1);
  return allocDigest(0);
}

export function digest2Bytes32Into(bytes1, bytes2, output) {
  load2Bytes32(bytes1, bytes2, "digest2Bytes32Into", true, output);
  core.hash64_x1(ioPtr, ioPtr, 1);
  copySmall(output, ioDigest, 32);
}

// The words of the two HashObjects of digest64HashObjectsInto, read before
// any is staged. `reads` counts the calls that read into `pair`: where a
// getter called the function again, `pair` is theirs, and this call reads
// into an array of its own.
const pair = new Int32Array(16);
let reads = 0;

function readPair(obj1, obj2, fn) {
  const mark = ++reads;
  let words = pair;
  for (;;) {
    readHashObject(obj1, words, 0, "obj1", fn);
    readHashObject(obj2, words, 8, "obj2", fn);
    if (words !== pair || reads === mark) return words;
    words = new Int32Array(16);
  }
}

export function digest64HashObjects(obj1, obj2) {
  const result = newHashObject();
  digest64HashObjectsInto(obj1, obj2, result);
  return result;
}

export function digest64HashObjectsInto(obj1, obj2, output) {
  const words = readPair(obj1, obj2, "digest64HashObjectsInto");
  if (output === null || typeof output !== "object") {
    throw new TypeError("digest64HashObjectsInto: output must be an object");
  }
  ioWords.set(words);
  core.hash64_x1(ioPtr, ioPtr, 1);
  writeHashObject(ioWords, 0, output);
}

/**
 * Hashes four 64-byte messages: inputs[i] -> output i.
 */
export function batchHash4UintArray64s(inputs) {
  const fn = "batchHash4UintArray64s";
  const items = arrayOf(inputs, 4, "inputs", fn);
  for (let i = 0; i < 4; i++) {
    if (items[i] == null) throw new Error(`Input ${i} is null or undefined`);
    const n = bytesLength(items[i], `inputs[${i}]`, fn);
    if (n !== 64) throw new Error(`Invalid length ${n} at input ${i}`);
  }
  for (let i = 0; i < 4; i++) copySmall(ioBytes, items[i], 64, 64 * i);
  hash64(ioPtr, ioPtr, 4);
  return [allocDigest(0), allocDigest(32), allocDigest(64), allocDigest(96)];
}

/**
 * Hashes four pairs of HashObjects: (inputs[2i], inputs[2i+1]) -> output i.
 */
export function batchHash4HashObjectInputs(inputs) {
  const items = arrayOf(inputs, 8, "inputs", "batchHash4HashObjectInputs");
  const words = new Int32Array(64);
  for (let i = 0; i < 8; i++) readHashObject(items[i], words, 8 * i, "inputs", "batchHash4HashObjectInputs", i);
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

/** The names these two had when SIMD was first proposed upstream. */
export const hash4Input64s = batchHash4UintArray64s;
export const hash8HashObjects = batchHash4HashObjectInputs;

const hashPiece = (len) => hash64(ioPtr, ioPtr, len >> 6);

/**
 * Hashes N 64-byte messages (input, N * 64 bytes) into N digests (output,
 * N * 32 bytes), looping inside wasm. output may alias the start of input.
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

export {HMAC, hkdf, hkdfExpand, hkdfExtract, hmac, pbkdf2} from "./hmac.js";
export {digestMany, digestManyInto, digestParts} from "./many.js";
