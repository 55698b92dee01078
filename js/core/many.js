// Digests of several messages in one call: digestParts, one digest of parts
// without concatenating them, and digestMany, one digest per message, four
// messages at a time on the lanes (cpp/many.cpp).
import {newDigest} from "./alloc.js";
import {assertBytes} from "./check.js";
import * as backends from "#many";
import {lanes} from "./lanes.js";
import {addon, core} from "./loader.js";
import {ctxPtr, ioBytes, ioDigest, ioPtr, ioSize, ioWords} from "./io.js";
import {native} from "./native.js";
import {absorb} from "./stream.js";

/** The many module, linked at first use, to the lanes where there are. */
const many = addon(backends, () => ({compress: core.compress, compress_x4: lanes()?.compress_x4}));

function assertByteList(x, name, fn) {
  if (!Array.isArray(x)) throw new TypeError(`${fn}: ${name} must be an Array of Uint8Array`);
  for (let i = 0; i < x.length; i++) assertBytes(x[i], `${name}[${i}]`, fn);
}

/** SHA-256 of the concatenation of parts, an Array of Uint8Array. */
export function digestParts(parts) {
  if (!Array.isArray(parts)) throw new TypeError("digestParts: parts must be an Array of Uint8Array");
  // Checked and copied in one pass: a bad part throws with only the I/O
  // buffer's scratch bytes written, which leaves the module as correct as a
  // check first would, and one loop keeps digestParts of 4 parts as fast as
  // digest of their concatenation (docs/performance-notes.md).
  let total = 0;
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i];
    assertBytes(part, `parts[${i}]`, "digestParts");
    if (total + part.length <= ioSize) ioBytes.set(part, total);
    total += part.length;
  }
  if (total >= native.min) {
    // Joined in the I/O buffer, they take node:crypto's one-shot hash, which
    // costs less than its streaming one (a Hash object, an update per part).
    const theirs = total <= ioSize ? native.digest(ioBytes.subarray(0, total)) : native.parts(parts);
    if (theirs !== null) return theirs;
  }
  if (total <= ioSize) {
    core.digest(ioPtr, ioPtr, total);
  } else {
    core.sha256_init(ctxPtr);
    for (let i = 0; i < parts.length; i++) absorb(parts[i]);
    core.sha256_final(ctxPtr, ioPtr);
  }
  const out = newDigest();
  out.set(ioDigest);
  return out;
}

// Per message in a call of digest_many: its digest and its length in the
// I/O buffer, before the messages themselves.
const perMessage = 32 + 4;

/** Hashes messages[from, to), whose lengths and bytes fit the buffer together, into output at 32 * from. */
function digestBatch(messages, from, to, output) {
  const count = to - from;
  let at = perMessage * count;
  for (let i = from; i < to; i++) {
    ioWords[8 * count + i - from] = messages[i].length;
    ioBytes.set(messages[i], at);
    at += messages[i].length;
  }
  many().digest_many(ioPtr, ioPtr + perMessage * count, ioPtr + 32 * count, count);
  output.set(ioBytes.subarray(0, 32 * count), 32 * from);
}

/** Hashes one message too long to share the buffer, on the streaming context, into output at 32 * index. */
function digestAlone(message, index, output) {
  core.sha256_init(ctxPtr);
  absorb(message);
  core.sha256_final(ctxPtr, ioPtr);
  output.set(ioDigest, 32 * index);
}

function digestAllInto(messages, output) {
  let from = 0;
  let bytes = 0;
  for (let i = 0; i < messages.length; i++) {
    const n = messages[i].length;
    // Long enough that node:crypto beats the lanes, where the entry found it (native.js).
    const theirs = n >= native.manyMin ? native.raw(messages[i]) : null;
    if (theirs !== null) {
      if (from < i) digestBatch(messages, from, i, output);
      output.set(theirs, 32 * i);
      from = i + 1;
      bytes = 0;
      continue;
    }
    if (perMessage + n > ioSize) {
      if (from < i) digestBatch(messages, from, i, output);
      digestAlone(messages[i], i, output);
      from = i + 1;
      bytes = 0;
      continue;
    }
    if (perMessage * (i + 1 - from) + bytes + n > ioSize) {
      digestBatch(messages, from, i, output);
      from = i;
      bytes = 0;
    }
    bytes += n;
  }
  if (from < messages.length) digestBatch(messages, from, messages.length, output);
}

/** The digests of messages, an Array of Uint8Array of any lengths, into output (32 bytes per message). */
export function digestManyInto(messages, output) {
  assertByteList(messages, "messages", "digestManyInto");
  assertBytes(output, "output", "digestManyInto");
  if (output.length !== 32 * messages.length) {
    throw new RangeError(`digestManyInto: output must be ${32 * messages.length} bytes (32 per message), got ${output.length}`);
  }
  digestAllInto(messages, output);
}

/**
 * The digests of messages, an Array of Uint8Array of any lengths: an Array
 * of 32-byte Uint8Arrays, views of one buffer (as Node's Buffer pool hands
 * out), which saves an allocation and a copy per message.
 */
export function digestMany(messages) {
  assertByteList(messages, "messages", "digestMany");
  const all = new Uint8Array(32 * messages.length);
  digestAllInto(messages, all);
  const out = new Array(messages.length);
  for (let i = 0; i < messages.length; i++) out[i] = all.subarray(32 * i, 32 * i + 32);
  return out;
}
