// HMAC-SHA256 (RFC 2104), and HKDF (RFC 5869) and PBKDF2-HMAC-SHA256 (RFC
// 8018) on it, with their loops inside the extras module (cpp/hmac.cpp).
// Secrets pass through the module's memory: every function here wipes what
// it used on every way out, errors included, the key state, the streaming
// context and the bytes of the I/O buffer that held a key, a message, a
// password or a derived key. Every argument is read and checked first.
import * as backends from "#extras";
import {newDigest} from "./alloc.js";
import {bytesLength} from "./check.js";
import {copySmall, ctxBytes, ctxPtr, ioBytes, ioDigest, ioPtr, ioSize} from "./io.js";
import {addon, core} from "./loader.js";
import {absorb} from "./stream.js";

/**
 * The extras module's exports (cpp/hmac.cpp). A key state (`k`, at
 * key_ptr()) is that after the key's inner and outer blocks.
 * @internal
 * @typedef {object} ExtrasExports
 * @property {() => number} key_ptr
 * @property {(k: number, key: number, len: number) => void} hmac_key
 * @property {(ctx: number, k: number) => void} hmac_begin
 * @property {(ctx: number, k: number, out: number) => void} hmac_end
 * @property {(out: number, k: number, msg: number, len: number) => void} hmac
 * @property {(out: number, len: number, prk: number, info: number, infoLen: number) => void} hkdf_expand
 * @property {(out: number, len: number, k: number, salted: number, iterations: number, blockIndex: number) => void} pbkdf2
 */

/**
 * The extras module, linked at first use.
 * @type {() => ExtrasExports}
 */
const extras = addon(backends, () => ({
  compress: core.compress,
  sha256_init: core.sha256_init,
  sha256_update: core.sha256_update,
  sha256_final: core.sha256_final,
}));
/** Bytes of the module's HMAC key state: the states after the key's inner and outer blocks. */
const KEY_STATE = 64;
/** @type {ExtrasExports | null} */
let linked = null;
/** @type {number} */
let keyPtr;
/** @type {Uint8Array} */
let keyBytes;

/**
 * The extras module's exports, with keyPtr and keyBytes pointing at its key state.
 * @returns {ExtrasExports}
 */
function wasm() {
  const x = extras();
  if (linked !== x) {
    keyPtr = x.key_ptr();
    keyBytes = new Uint8Array(core.memory.buffer, keyPtr, KEY_STATE);
    linked = x;
  }
  return x;
}

/**
 * Wipes what a function here may have left: the key state, the context and the I/O buffer's first `n` bytes.
 * @param {number} n
 */
function wipe(n) {
  keyBytes.fill(0);
  ctxBytes.fill(0);
  ioBytes.fill(0, 0, Math.min(n, ioSize));
}

const empty = new Uint8Array(0);
/**
 * RFC 5869: at most 255 blocks of output.
 * @internal
 */
export const HKDF_MAX_LENGTH = 255 * 32;

/**
 * `x` as an integer in [min, max]: a TypeError for a non-number, a RangeError out of range.
 * @param {unknown} x
 * @param {number} min
 * @param {number} max
 * @param {string} name
 * @param {string} fn
 * @returns {asserts x is number}
 */
function assertInteger(x, min, max, name, fn) {
  if (typeof x !== "number") throw new TypeError(`${fn}: ${name} must be a number, got ${typeof x}`);
  if (!Number.isInteger(x) || x < min || x > max) {
    throw new RangeError(`${fn}: ${name} must be an integer from ${min} to ${max}, got ${x}`);
  }
}

/**
 * `x` and its length, or empty bytes where it is undefined.
 * @param {Uint8Array | undefined} x
 * @param {string} name
 * @param {string} fn
 * @returns {[Uint8Array, number]}
 */
function optionalBytes(x, name, fn) {
  return x === undefined ? [empty, 0] : [x, bytesLength(x, name, fn)];
}

/**
 * Sets the module's key state to that of `key` (n bytes); the copies of the key are wiped after.
 * @param {Uint8Array} key
 * @param {number} n
 */
function loadKey(key, n) {
  if (n <= ioSize) {
    ioBytes.set(key);
    wasm().hmac_key(keyPtr, ioPtr, n);
    return;
  }
  // Too long for the buffer: hashed first, as hmac_key() hashes any key over 64 bytes.
  core.sha256_init(ctxPtr);
  absorb(key, n);
  core.sha256_final(ctxPtr, ioPtr);
  wasm().hmac_key(keyPtr, ioPtr, 32);
}

/**
 * The tag of `message` (n bytes) under the loaded key, left in the first 32 bytes of the I/O buffer.
 * @param {Uint8Array} message
 * @param {number} n
 */
function macInto(message, n) {
  if (n <= ioSize) {
    ioBytes.set(message);
    wasm().hmac(ioPtr, keyPtr, ioPtr, n);
  } else {
    wasm().hmac_begin(ctxPtr, keyPtr);
    absorb(message, n);
    wasm().hmac_end(ctxPtr, keyPtr, ioPtr);
  }
}

/**
 * A copy of the tag in the I/O buffer's first 32 bytes.
 * @returns {Uint8Array}
 */
function tag() {
  const out = newDigest();
  copySmall(out, ioDigest, 32);
  return out;
}

/**
 * HMAC-SHA256 (RFC 2104) of `message` under `key`, a key of any length
 * (longer than 64 bytes it is hashed first). Returns 32 bytes. The key, its
 * padded blocks and the inner digest are wiped from the module's memory
 * before this returns.
 * @param {Uint8Array} key
 * @param {Uint8Array} message
 * @returns {Uint8Array}
 * @throws {TypeError} when `key` or `message` is not a Uint8Array.
 */
export function hmac(key, message) {
  const k = bytesLength(key, "key", "hmac");
  const m = bytesLength(message, "message", "hmac");
  wasm();
  try {
    loadKey(key, k);
    macInto(message, m);
    return tag();
  } finally {
    wipe(Math.max(k, m));
  }
}

// An HMAC object's state, under keys of this module's own: the kept key
// state is not a property that code holding the object can list or read by
// name. (Not #private fields: the react-native bundle lowers classes for
// Hermes, which has none.)
const KEY = Symbol("key");
const START = Symbol("start");
const CTX = Symbol("ctx");
const FINISHED = Symbol("finished");
const DESTROYED = Symbol("destroyed");

/**
 * @param {HMAC} h
 * @param {string} method
 */
function assertLive(h, method) {
  if (h[DESTROYED]) throw new Error(`HMAC.${method}: destroy() was called; the key is gone`);
}

/**
 * @param {HMAC} h
 * @param {string} method
 */
function assertOpen(h, method) {
  if (h[FINISHED]) throw new Error(`HMAC.${method}: final() was already called; call init() to start a new message`);
}

/**
 * HMAC-SHA256 under a kept key: the key's padded blocks are compressed once,
 * in the constructor, so each message after costs no key setup. The object
 * holds the key's state (not the key) until destroy() wipes it.
 */
export class HMAC {
  /**
   * @param {Uint8Array} key
   * @throws {TypeError} when `key` is not a Uint8Array.
   */
  constructor(key) {
    const k = bytesLength(key, "key", "HMAC");
    wasm();
    try {
      loadKey(key, k);
      /** @internal @type {Uint8Array} */
      this[KEY] = keyBytes.slice();
      wasm().hmac_begin(ctxPtr, keyPtr);
      /** @internal @type {Uint8Array} */
      this[START] = ctxBytes.slice();
    } finally {
      wipe(k);
    }
    /** @internal @type {Uint8Array} */
    this[CTX] = this[START].slice();
    /** @internal @type {boolean} */
    this[FINISHED] = false;
    /** @internal @type {boolean} */
    this[DESTROYED] = false;
  }

  /**
   * Starts a new message under the same key; also makes an object usable again after final().
   * @returns {this}
   */
  init() {
    assertLive(this, "init");
    this[CTX].set(this[START]);
    this[FINISHED] = false;
    return this;
  }

  /**
   * Appends `data` to the message.
   * @param {Uint8Array} data
   * @returns {this}
   * @throws {TypeError} when `data` is not a Uint8Array.
   * @throws {Error} after final() (until init()) or destroy().
   */
  update(data) {
    assertLive(this, "update");
    const n = bytesLength(data, "data", "HMAC.update");
    assertOpen(this, "update");
    wasm();
    try {
      ctxBytes.set(this[CTX]);
      absorb(data, n);
      this[CTX].set(ctxBytes);
    } finally {
      wipe(n);
    }
    return this;
  }

  /**
   * Returns the tag of the message since init(), 32 bytes. A second final(),
   * or update() after it, throws until init().
   * @returns {Uint8Array}
   * @throws {Error} when called a second time (until init()), or after destroy().
   */
  final() {
    assertLive(this, "final");
    assertOpen(this, "final");
    wasm();
    try {
      ctxBytes.set(this[CTX]);
      keyBytes.set(this[KEY]);
      wasm().hmac_end(ctxPtr, keyPtr, ioPtr);
      this[CTX].fill(0);
      this[FINISHED] = true;
      return tag();
    } finally {
      wipe(32);
    }
  }

  /**
   * The tag of one whole `message` under this key, in one call; a message begun with update() is left as it was.
   * @param {Uint8Array} message
   * @returns {Uint8Array}
   * @throws {TypeError} when `message` is not a Uint8Array.
   * @throws {Error} after destroy().
   */
  mac(message) {
    assertLive(this, "mac");
    const m = bytesLength(message, "message", "HMAC.mac");
    wasm();
    try {
      keyBytes.set(this[KEY]);
      macInto(message, m);
      return tag();
    } finally {
      wipe(m);
    }
  }

  /**
   * Wipes the kept key state; every method then throws.
   * @returns {void}
   */
  destroy() {
    this[KEY]?.fill(0);
    this[START]?.fill(0);
    this[CTX]?.fill(0);
    this[DESTROYED] = true;
  }
}

/**
 * Throws unless info fits the I/O buffer beside `length` bytes of output; called before any key is loaded.
 * @param {number} infoLength
 * @param {number} length
 * @param {string} fn
 */
function assertInfo(infoLength, length, fn) {
  if (infoLength > ioSize - length) throw new RangeError(`${fn}: info must be at most ${ioSize - length} bytes, got ${infoLength}`);
}

/**
 * HKDF-Expand from the loaded key: `length` bytes, copied out of the I/O buffer.
 * @param {Uint8Array} info
 * @param {number} infoLength
 * @param {number} length
 * @returns {Uint8Array}
 */
function expand(info, infoLength, length) {
  ioBytes.set(info, length);
  wasm().hkdf_expand(ioPtr, length, keyPtr, ioPtr + length, infoLength);
  return ioBytes.slice(0, length);
}

/**
 * HKDF-Extract (RFC 5869): the 32-byte pseudorandom key from `ikm`, with
 * `salt` (omitted: 32 zero bytes, as the RFC says).
 * @param {Uint8Array | undefined} salt
 * @param {Uint8Array} ikm
 * @returns {Uint8Array}
 * @throws {TypeError} when an argument is not a Uint8Array.
 */
export function hkdfExtract(salt, ikm) {
  const [s] = optionalBytes(salt, "salt", "hkdfExtract");
  bytesLength(ikm, "ikm", "hkdfExtract");
  return hmac(s, ikm);
}

/**
 * HKDF-Expand (RFC 5869): `length` bytes (1 to 255 * 32 = 8160) of output
 * key from the pseudorandom key `prk`, at least 32 bytes (RFC 5869 section
 * 2.3), and `info` (omitted: empty).
 * @param {Uint8Array} prk
 * @param {Uint8Array | undefined} info
 * @param {number} length
 * @returns {Uint8Array}
 * @throws {TypeError} when `prk` or `info` is not a Uint8Array, or `length` not a number.
 * @throws {RangeError} when `length` is not an integer from 1 to 8160 (node:crypto refuses 0 too), or `prk` is shorter than 32 bytes.
 */
export function hkdfExpand(prk, info, length) {
  const p = bytesLength(prk, "prk", "hkdfExpand");
  const [i, n] = optionalBytes(info, "info", "hkdfExpand");
  if (p < 32) throw new RangeError(`hkdfExpand: prk must be at least 32 bytes (RFC 5869), got ${p}`);
  assertInteger(length, 1, HKDF_MAX_LENGTH, "length", "hkdfExpand");
  assertInfo(n, length, "hkdfExpand");
  wasm();
  try {
    loadKey(prk, p);
    return expand(i, n, length);
  } finally {
    wipe(Math.max(p, length + n));
  }
}

/**
 * HKDF (RFC 5869): extract, then expand to `length` bytes (1 to 8160). The
 * pseudorandom key never leaves the module, and is wiped with the input key
 * before this returns.
 * @param {Uint8Array} ikm
 * @param {Uint8Array | undefined} salt
 * @param {Uint8Array | undefined} info
 * @param {number} length
 * @returns {Uint8Array}
 * @throws {TypeError} when an argument is not a Uint8Array (salt and info may be undefined), or `length` not a number.
 * @throws {RangeError} when `length` is not an integer from 1 to 8160.
 */
export function hkdf(ikm, salt, info, length) {
  const m = bytesLength(ikm, "ikm", "hkdf");
  const [s, sn] = optionalBytes(salt, "salt", "hkdf");
  const [i, n] = optionalBytes(info, "info", "hkdf");
  assertInteger(length, 1, HKDF_MAX_LENGTH, "length", "hkdf");
  assertInfo(n, length, "hkdf");
  wasm();
  try {
    loadKey(s, sn);
    macInto(ikm, m);
    wasm().hmac_key(keyPtr, ioPtr, 32);
    ioDigest.fill(0);
    return expand(i, n, length);
  } finally {
    wipe(Math.max(sn, m, length + n));
  }
}

/**
 * PBKDF2-HMAC-SHA256 (RFC 8018): `length` bytes (at least 1) of key from
 * `password` and `salt`, with the iteration loop inside the module.
 * @param {Uint8Array} password
 * @param {Uint8Array} salt
 * @param {number} iterations
 * @param {number} length
 * @returns {Uint8Array}
 * @throws {TypeError} when `password` or `salt` is not a Uint8Array, or a count not a number.
 * @throws {RangeError} when `iterations` is not an integer from 1 to 2^32 - 1, or `length` not one from 1.
 */
export function pbkdf2(password, salt, iterations, length) {
  const p = bytesLength(password, "password", "pbkdf2");
  const s = bytesLength(salt, "salt", "pbkdf2");
  assertInteger(iterations, 1, 0xffffffff, "iterations", "pbkdf2");
  assertInteger(length, 1, 2 ** 32 - 1, "length", "pbkdf2");
  const out = new Uint8Array(length);
  wasm();
  try {
    loadKey(password, p);
    // The context after the salt; each block of output starts from it.
    wasm().hmac_begin(ctxPtr, keyPtr);
    absorb(salt, s);
    for (let done = 0; done < length; ) {
      const n = Math.min(length - done, ioSize);
      wasm().pbkdf2(ioPtr, n, keyPtr, ctxPtr, iterations, done / 32 + 1);
      out.set(ioBytes.subarray(0, n), done);
      done += n;
    }
    return out;
  } catch (e) {
    out.fill(0);
    throw e;
  } finally {
    wipe(Math.max(p, s, length));
  }
}
