// The core module's I/O buffer and streaming context, as views that every
// API function reads and writes, and the one routine that streams input
// longer than the buffer through it. All bindings here are live: loader.js
// calls bindIo() for each new core instance, and every importer sees the new views.
import {setBytes} from "./check.js";
import {choices} from "./engine.js";

/** Address and size in bytes of the module's I/O buffer. @type {number} */
export let ioPtr;
/** @type {number} */
export let ioSize;
/** The whole I/O buffer as bytes. @type {Uint8Array} */
export let ioBytes;
/** The whole I/O buffer as Int32 words: HashObject words are signed, as in as-sha256. @type {Int32Array} */
export let ioWords;
/** The first 32 bytes of the I/O buffer, where the digest of a single hash lands. @type {Uint8Array} */
export let ioDigest;
/** The I/O buffer's first four 32-byte digests, where a batch of four lands: views made once, not per call. @type {Uint8Array[]} */
export let ioDigests;
/** Address of the module's streaming context, and its bytes. @type {number} */
export let ctxPtr;
/** @type {Uint8Array} */
export let ctxBytes;

// Views of the first n bytes of the I/O buffer, made once per length, so the
// hot paths copy results out without allocating a view per call.
/** @type {Uint8Array[]} */
const ioViews = [];
const maxCachedView = 1 << 16;

/**
 * Points the views at the buffer and context of `exports`, a fresh module instance.
 * @param {import("./loader.js").CoreExports} exports
 */
export function bindIo(exports) {
  const memory = exports.memory.buffer;
  ioPtr = exports.io_ptr();
  ioSize = exports.io_size();
  ioBytes = new Uint8Array(memory, ioPtr, ioSize);
  ioWords = new Int32Array(memory, ioPtr, ioSize >> 2);
  ioDigest = new Uint8Array(memory, ioPtr, 32);
  ioDigests = [0, 1, 2, 3].map((k) => new Uint8Array(memory, ioPtr + 32 * k, 32));
  ctxPtr = exports.ctx_ptr();
  ctxBytes = new Uint8Array(memory, ctxPtr, exports.ctx_size());
  ioViews.length = 0;
}

/**
 * Copies the n bytes of src, a Uint8Array, into dst at byte offset `at`: a loop, which runs none of the caller's code.
 * @param {Uint8Array} dst
 * @param {Uint8Array} src
 * @param {number} n
 * @param {number} [at]
 */
function copyByLoop(dst, src, n, at = 0) {
  for (let i = 0; i < n; i++) dst[at + i] = src[i];
}

/**
 * The same with TypedArray.prototype.set, the intrinsic one.
 * @param {Uint8Array} dst
 * @param {Uint8Array} src
 * @param {number} n
 * @param {number} [at]
 */
function copyBySet(dst, src, n, at = 0) {
  setBytes(dst, src, at);
}

/** How the 64-byte functions copy their 32- and 64-byte inputs and digests: "loop" or "set" (js/core/engine.js). */
export const copySmall = choices.smallCopy === "loop" ? copyByLoop : copyBySet;

/**
 * The first n bytes of the I/O buffer.
 * @param {number} n
 * @returns {Uint8Array}
 */
export function ioView(n) {
  if (n > maxCachedView) return ioBytes.subarray(0, n);
  return (ioViews[n] ??= ioBytes.subarray(0, n));
}

/**
 * Copies bytes [start, end) of data into the I/O buffer at byte offset `at`.
 * data is a plain Uint8Array (check.js plainView), or an array of 64-byte
 * Uint8Arrays read as their concatenation; those are copied whole, so end
 * is rounded up to a block.
 * @param {Uint8Array | Uint8Array[]} data
 * @param {number} start
 * @param {number} end
 * @param {number} at
 */
export function copyIn(data, start, end, at) {
  if (!Array.isArray(data)) {
    ioBytes.set(data.subarray(start, end), at);
    return;
  }
  const last = (end + 63) >> 6;
  for (let i = start >> 6; i < last; i++, at += 64) ioBytes.set(data[i], at);
}

/**
 * Streams bytes [0, length) of data (as for copyIn) through the I/O buffer:
 * each piece of at most ioSize - at bytes is copied to byte offset `at` and
 * run(len, k) processes piece k, of len bytes.
 *
 * With an output (a Uint8Array), run leaves the piece's len / factor result
 * bytes at the start of the buffer, and they are copied to output at
 * off / factor before the next piece is copied in, so output may alias the
 * start of data.
 * @param {Uint8Array | Uint8Array[]} data
 * @param {number} length
 * @param {number} at
 * @param {(len: number, k: number) => void} run
 * @param {Uint8Array} [output]
 * @param {number} [factor]
 */
export function streamThrough(data, length, at, run, output, factor) {
  const pieceSize = ioSize - at;
  for (let off = 0, k = 0; off < length; off += pieceSize, k++) {
    const len = Math.min(pieceSize, length - off);
    copyIn(data, off, off + len, at);
    run(len, k);
    if (output !== undefined) setBytes(output, ioView(len / factor), off / factor);
  }
}
