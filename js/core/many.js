// Digests of several messages in one call: digestParts, one digest of parts
// without concatenating them, and digestMany, one digest per message, four
// messages at a time on the lanes (cpp/many.cpp).
import {module, portable} from "#many";
import {digestAt, digestOf} from "./alloc.js";
import {byteList, bytesLength, setBytes} from "./check.js";
import {ctxPtr, ioBytes, ioDigest, ioPtr, ioSize, ioView, ioWords} from "./io.js";
import {bestCompress4, shape} from "./lanes.js";
import {addon, core} from "./loader.js";
import {native} from "./native.js";
import {absorb} from "./stream.js";

/**
 * The many module's exports (cpp/many.cpp).
 * @internal
 * @typedef {object} ManyExports
 * @property {(out: number, data: number, lengths: number, count: number) => void} digest_many
 */

/**
 * The many module, linked at first use, to the lanes where there are, in the shape in use.
 * @type {() => ManyExports}
 */
const many = addon({module, portable}, () => ({compress: core.compress, compress_x4: bestCompress4()}), () => shape);

/**
 * SHA-256 of the concatenation of `parts`, an Array of Uint8Array, without
 * concatenating them.
 * @param {readonly Uint8Array[]} parts
 * @returns {Uint8Array}
 * @throws {TypeError} when `parts` is not an Array of Uint8Array.
 */
export function digestParts(parts) {
  const {items, lengths} = byteList(parts, "parts", "digestParts");
  let total = 0;
  for (const n of lengths) total += n;
  if (total <= ioSize) {
    for (let i = 0, at = 0; i < items.length; at += lengths[i++]) ioBytes.set(items[i], at);
  }
  if (total >= native.min) {
    // Joined in the I/O buffer, they take node:crypto's one-shot hash, which
    // costs less than its streaming one (a Hash object, an update per part).
    const theirs = total <= ioSize ? native.digest(ioView(total)) : native.parts(items);
    if (theirs !== null) return theirs;
  }
  if (total <= ioSize) {
    core.digest(ioPtr, ioPtr, total);
  } else {
    core.sha256_init(ctxPtr);
    for (let i = 0; i < items.length; i++) absorb(items[i], lengths[i]);
    core.sha256_final(ctxPtr, ioPtr);
  }
  return digestOf(ioDigest);
}

// Per message in a call of digest_many: its digest and its length in the
// I/O buffer, before the messages themselves.
const perMessage = 32 + 4;

/** @typedef {Uint8Array | Uint8Array[]} Output 32 bytes per message, or an Array of digests. */

/**
 * Puts `d`, 32 bytes, as the digest of message i: into output at 32 * i, or
 * as an array of its own (alloc.js), sharing no buffer with the others.
 * @param {Output} output
 * @param {number} i
 * @param {Uint8Array} d
 */
function put(output, i, d) {
  if (Array.isArray(output)) output[i] = digestOf(d);
  else setBytes(output, d, 32 * i);
}

/**
 * Hashes the messages at the indices in `batch`, whose lengths and bytes fit
 * the buffer together, each to its place in output; empties `batch`.
 * @param {Uint8Array[]} messages
 * @param {number[]} lengths
 * @param {number[]} batch
 * @param {Output} output
 */
function digestBatch(messages, lengths, batch, output) {
  const count = batch.length;
  let at = perMessage * count;
  for (let k = 0; k < count; k++) {
    const i = batch[k];
    ioWords[8 * count + k] = lengths[i];
    ioBytes.set(messages[i], at);
    at += lengths[i];
  }
  many().digest_many(ioPtr, ioPtr + perMessage * count, ioPtr + 32 * count, count);
  if (Array.isArray(output)) {
    for (let k = 0; k < count; k++) output[batch[k]] = digestAt(ioBytes, 32 * k);
  } else if (batch[count - 1] - batch[0] === count - 1) {
    setBytes(output, ioView(32 * count), 32 * batch[0]);
  } else {
    for (let k = 0; k < count; k++) setBytes(output, ioBytes.subarray(32 * k, 32 * k + 32), 32 * batch[k]);
  }
  batch.length = 0;
}

/**
 * Hashes one message too long to share the buffer, on the streaming context, to its place in output.
 * @param {Uint8Array} message
 * @param {number} n
 * @param {number} index
 * @param {Output} output
 */
function digestAlone(message, n, index, output) {
  core.sha256_init(ctxPtr);
  absorb(message, n);
  core.sha256_final(ctxPtr, ioPtr);
  put(output, index, ioDigest);
}

/**
 * @param {{items: Uint8Array[], lengths: number[]}} list The messages, checked (byteList), and their lengths.
 * @param {Output} output
 */
function digestAllInto({items, lengths}, output) {
  /** @type {number[]} */
  const batch = [];
  let bytes = 0;
  for (let i = 0; i < items.length; i++) {
    const n = lengths[i];
    // Long messages to node:crypto (native.js); the others gather into full
    // batches for the lanes (performance-notes, "digest_many's lanes").
    const theirs = n >= native.manyMin ? native.raw(items[i]) : null;
    if (theirs !== null) {
      put(output, i, theirs);
    } else if (perMessage + n > ioSize) {
      digestAlone(items[i], n, i, output);
    } else {
      if (perMessage * (batch.length + 1) + bytes + n > ioSize) {
        digestBatch(items, lengths, batch, output);
        bytes = 0;
      }
      batch.push(i);
      bytes += n;
    }
  }
  if (batch.length > 0) digestBatch(items, lengths, batch, output);
}

/**
 * digestMany into `output`: digest i at bytes 32 i to 32 i + 32.
 * @param {readonly Uint8Array[]} messages
 * @param {Uint8Array} output
 * @returns {void}
 * @throws {TypeError} when `messages` is not an Array of Uint8Array, or `output` not a Uint8Array.
 * @throws {RangeError} when `output` is not 32 bytes per message.
 */
export function digestManyInto(messages, output) {
  const list = byteList(messages, "messages", "digestManyInto");
  const n = bytesLength(output, "output", "digestManyInto");
  if (n !== 32 * list.items.length) {
    throw new RangeError(`digestManyInto: output must be ${32 * list.items.length} bytes (32 per message), got ${n}`);
  }
  digestAllInto(list, output);
}

/**
 * The digest of each of `messages`, of any lengths: an Array of 32-byte
 * Uint8Arrays. In the SIMD module four messages are hashed at once, one per
 * lane, each lane taking the next message as its own ends.
 * @param {readonly Uint8Array[]} messages
 * @returns {Uint8Array[]}
 * @throws {TypeError} when `messages` is not an Array of Uint8Array.
 */
export function digestMany(messages) {
  const list = byteList(messages, "messages", "digestMany");
  /** @type {Uint8Array[]} */
  const out = new Array(list.items.length);
  digestAllInto(list, out);
  return out;
}
