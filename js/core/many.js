// Digests of several messages in one call: digestParts, one digest of parts
// without concatenating them, and digestMany, one digest per message, four
// messages at a time on the lanes (cpp/many.cpp).
import * as backends from "#many";
import {digestOf} from "./alloc.js";
import {byteList, bytesLength, setBytes} from "./check.js";
import {ctxPtr, ioBytes, ioDigest, ioPtr, ioSize, ioView, ioWords} from "./io.js";
import {lanes} from "./lanes.js";
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
 * The many module, linked at first use, to the lanes where there are.
 * @type {() => ManyExports}
 */
const many = addon(backends, () => ({compress: core.compress, compress_x4: lanes()?.compress_x4}));

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

/**
 * Hashes messages[from, to), whose lengths and bytes fit the buffer together, into output at 32 * from.
 * @param {Uint8Array[]} messages
 * @param {number[]} lengths
 * @param {number} from
 * @param {number} to
 * @param {Uint8Array} output
 */
function digestBatch(messages, lengths, from, to, output) {
  const count = to - from;
  let at = perMessage * count;
  for (let i = from; i < to; i++) {
    ioWords[8 * count + i - from] = lengths[i];
    ioBytes.set(messages[i], at);
    at += lengths[i];
  }
  many().digest_many(ioPtr, ioPtr + perMessage * count, ioPtr + 32 * count, count);
  setBytes(output, ioView(32 * count), 32 * from);
}

/**
 * Hashes one message too long to share the buffer, on the streaming context, into output at 32 * index.
 * @param {Uint8Array} message
 * @param {number} n
 * @param {number} index
 * @param {Uint8Array} output
 */
function digestAlone(message, n, index, output) {
  core.sha256_init(ctxPtr);
  absorb(message, n);
  core.sha256_final(ctxPtr, ioPtr);
  setBytes(output, ioDigest, 32 * index);
}

/**
 * @param {{items: Uint8Array[], lengths: number[]}} list The messages, checked (byteList), and their lengths.
 * @param {Uint8Array} output
 */
function digestAllInto({items, lengths}, output) {
  let from = 0;
  let bytes = 0;
  for (let i = 0; i < items.length; i++) {
    const n = lengths[i];
    // Where digest() would hand it to node:crypto (native.js), so does this.
    const theirs = n >= native.min ? native.raw(items[i]) : null;
    if (theirs !== null) {
      if (from < i) digestBatch(items, lengths, from, i, output);
      setBytes(output, theirs, 32 * i);
      from = i + 1;
      bytes = 0;
      continue;
    }
    if (perMessage + n > ioSize) {
      if (from < i) digestBatch(items, lengths, from, i, output);
      digestAlone(items[i], n, i, output);
      from = i + 1;
      bytes = 0;
      continue;
    }
    if (perMessage * (i + 1 - from) + bytes + n > ioSize) {
      digestBatch(items, lengths, from, i, output);
      from = i;
      bytes = 0;
    }
    bytes += n;
  }
  if (from < items.length) digestBatch(items, lengths, from, items.length, output);
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
  const count = list.items.length;
  const all = new Uint8Array(32 * count);
  digestAllInto(list, all);
  // Each digest an array apart (alloc.js), so that none shares its buffer with the others.
  const out = new Array(count);
  for (let i = 0; i < count; i++) {
    out[i] = digestOf(all.subarray(32 * i, 32 * i + 32));
  }
  return out;
}
