// HMAC-SHA256 (RFC 2104), and HKDF (RFC 5869) and PBKDF2-HMAC-SHA256 (RFC
// 8018) on it, with their loops inside the module (cpp/hmac.cpp). Secrets
// pass through the module's memory: every function here wipes what it used
// before it returns, the key state, the streaming context and the bytes of
// the I/O buffer that held a key, a message, a password or a derived key.
import * as backends from "#extras";
import {newDigest} from "./alloc.js";
import {assertBytes} from "./check.js";
import {ctxBytes, ctxPtr, ioBytes, ioDigest, ioPtr, ioSize} from "./io.js";
import {addon, core} from "./loader.js";
import {absorb} from "./stream.js";

/** The extras module, linked at first use. */
const extras = addon(backends, () => ({
  compress: core.compress,
  sha256_init: core.sha256_init,
  sha256_update: core.sha256_update,
  sha256_final: core.sha256_final,
}));
/** Bytes of the module's HMAC key state: the states after the key's inner and outer blocks. */
const KEY_STATE = 64;
let keyOf = null;
let keyPtr;
let keyBytes;

/** The extras module's exports, with keyPtr and keyBytes pointing at its key state. */
function wasm() {
  const x = extras();
  if (keyOf !== x) {
    keyPtr = x.key_ptr();
    keyBytes = new Uint8Array(core.memory.buffer, keyPtr, KEY_STATE);
    keyOf = x;
  }
  return x;
}

const empty = new Uint8Array(0);
/** RFC 5869: at most 255 blocks of output. */
export const HKDF_MAX_LENGTH = 255 * 32;

/** `x` as an integer in [min, max]: a TypeError for a non-number, a RangeError out of range. */
function assertInteger(x, min, max, name, fn) {
  if (typeof x !== "number") throw new TypeError(`${fn}: ${name} must be a number, got ${typeof x}`);
  if (!Number.isInteger(x) || x < min || x > max) {
    throw new RangeError(`${fn}: ${name} must be an integer from ${min} to ${max}, got ${x}`);
  }
}

/** `x`, or empty bytes where it is undefined. */
function optionalBytes(x, name, fn) {
  if (x === undefined) return empty;
  assertBytes(x, name, fn);
  return x;
}

/** Sets the module's key state to that of `key`, and wipes the copy of the key. */
function loadKey(key) {
  const n = key.length;
  if (n <= ioSize) {
    ioBytes.set(key);
    wasm().hmac_key(keyPtr, ioPtr, n);
    ioBytes.fill(0, 0, n);
    return;
  }
  // Too long for the buffer: hashed first, as hmac_key() hashes any key over 64 bytes.
  core.sha256_init(ctxPtr);
  absorb(key);
  core.sha256_final(ctxPtr, ioPtr);
  wasm().hmac_key(keyPtr, ioPtr, 32);
  ioBytes.fill(0);
  ctxBytes.fill(0);
}

/** The tag of `message` under the loaded key, left in the first 32 bytes of the I/O buffer; the message's copy is wiped. */
function macInto(message) {
  const n = message.length;
  if (n <= ioSize) {
    ioBytes.set(message);
    wasm().hmac(ioPtr, keyPtr, ioPtr, n);
    if (n > 32) ioBytes.fill(0, 32, n);
  } else {
    wasm().hmac_begin(ctxPtr, keyPtr);
    absorb(message);
    wasm().hmac_end(ctxPtr, keyPtr, ioPtr);
    ioBytes.fill(0, 32);
  }
}

/** The tag of `message` under the loaded key, returned; the key state and the tag's copy are wiped. */
function mac(message) {
  macInto(message);
  keyBytes.fill(0);
  const out = newDigest();
  out.set(ioDigest);
  ioDigest.fill(0);
  return out;
}

/** HMAC-SHA256 of message under key: a 32-byte Uint8Array. */
export function hmac(key, message) {
  wasm();
  assertBytes(key, "key", "hmac");
  assertBytes(message, "message", "hmac");
  loadKey(key);
  return mac(message);
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

function assertLive(h, method) {
  if (h[DESTROYED]) throw new Error(`HMAC.${method}: destroy() was called; the key is gone`);
}

/**
 * HMAC-SHA256 under a kept key: the key's padded blocks are compressed once,
 * in the constructor, and every message after costs no key setup.
 */
export class HMAC {
  constructor(key) {
    wasm();
    assertBytes(key, "key", "HMAC");
    loadKey(key);
    this[KEY] = keyBytes.slice();
    wasm().hmac_begin(ctxPtr, keyPtr);
    this[START] = ctxBytes.slice();
    ctxBytes.fill(0);
    keyBytes.fill(0);
    this[CTX] = this[START].slice();
    this[FINISHED] = false;
    this[DESTROYED] = false;
  }

  /** Starts a new message under the same key; an object can be reused after final(). */
  init() {
    assertLive(this, "init");
    this[CTX].set(this[START]);
    this[FINISHED] = false;
    return this;
  }

  update(data) {
    assertLive(this, "update");
    assertBytes(data, "data", "HMAC.update");
    if (this[FINISHED]) throw new Error("HMAC.update: final() was already called; call init() to start a new message");
    ctxBytes.set(this[CTX]);
    absorb(data);
    this[CTX].set(ctxBytes);
    ctxBytes.fill(0);
    return this;
  }

  /** Returns the tag. A second final(), or update() after it, throws until init(). */
  final() {
    wasm();
    assertLive(this, "final");
    if (this[FINISHED]) throw new Error("HMAC.final: final() was already called; call init() to start a new message");
    ctxBytes.set(this[CTX]);
    keyBytes.set(this[KEY]);
    wasm().hmac_end(ctxPtr, keyPtr, ioPtr);
    keyBytes.fill(0);
    this[CTX].fill(0);
    this[FINISHED] = true;
    const out = newDigest();
    out.set(ioDigest);
    ioDigest.fill(0);
    return out;
  }

  /** The tag of one whole message under this key, in one call; a message begun with update() is left as it was. */
  mac(message) {
    wasm();
    assertLive(this, "mac");
    assertBytes(message, "message", "HMAC.mac");
    keyBytes.set(this[KEY]);
    return mac(message);
  }

  /** Wipes the kept key state; every method then throws. */
  destroy() {
    this[KEY].fill(0);
    this[START].fill(0);
    this[CTX].fill(0);
    this[DESTROYED] = true;
  }
}

/** Throws unless info fits the I/O buffer beside `length` bytes of output; called before any key is loaded. */
function assertInfo(info, length, fn) {
  if (info.length > ioSize - length) throw new RangeError(`${fn}: info must be at most ${ioSize - length} bytes, got ${info.length}`);
}

/** HKDF-Expand from the loaded key: `length` bytes; wipes the key state and the output's copy. */
function expand(info, length) {
  ioBytes.set(info, length);
  wasm().hkdf_expand(ioPtr, length, keyPtr, ioPtr + length, info.length);
  keyBytes.fill(0);
  const out = ioBytes.slice(0, length);
  ioBytes.fill(0, 0, length);
  return out;
}

/** HKDF-Extract (RFC 5869): the 32-byte pseudorandom key of ikm; salt may be omitted (32 zero bytes). */
export function hkdfExtract(salt, ikm) {
  wasm();
  const s = optionalBytes(salt, "salt", "hkdfExtract");
  assertBytes(ikm, "ikm", "hkdfExtract");
  loadKey(s);
  return mac(ikm);
}

/** HKDF-Expand (RFC 5869): `length` bytes (at most 8160) of output key from prk and info (may be omitted). */
export function hkdfExpand(prk, info, length) {
  wasm();
  assertBytes(prk, "prk", "hkdfExpand");
  const i = optionalBytes(info, "info", "hkdfExpand");
  assertInteger(length, 0, HKDF_MAX_LENGTH, "length", "hkdfExpand");
  assertInfo(i, length, "hkdfExpand");
  loadKey(prk);
  return expand(i, length);
}

/** HKDF (RFC 5869): extract then expand, `length` bytes (at most 8160); the pseudorandom key never leaves the module. */
export function hkdf(ikm, salt, info, length) {
  wasm();
  assertBytes(ikm, "ikm", "hkdf");
  const s = optionalBytes(salt, "salt", "hkdf");
  const i = optionalBytes(info, "info", "hkdf");
  assertInteger(length, 0, HKDF_MAX_LENGTH, "length", "hkdf");
  assertInfo(i, length, "hkdf");
  loadKey(s);
  macInto(ikm);
  wasm().hmac_key(keyPtr, ioPtr, 32);
  ioDigest.fill(0);
  return expand(i, length);
}

/** PBKDF2-HMAC-SHA256 (RFC 8018): `length` bytes of key from password and salt, `iterations` >= 1. */
export function pbkdf2(password, salt, iterations, length) {
  wasm();
  assertBytes(password, "password", "pbkdf2");
  assertBytes(salt, "salt", "pbkdf2");
  assertInteger(iterations, 1, 0xffffffff, "iterations", "pbkdf2");
  assertInteger(length, 0, 2 ** 32 - 1, "length", "pbkdf2");
  const out = new Uint8Array(length);
  loadKey(password);
  // The context after the salt; each block of output starts from it.
  wasm().hmac_begin(ctxPtr, keyPtr);
  absorb(salt);
  for (let done = 0; done < length; ) {
    const n = Math.min(length - done, ioSize);
    wasm().pbkdf2(ioPtr, n, keyPtr, ctxPtr, iterations, done / 32 + 1);
    out.set(ioBytes.subarray(0, n), done);
    done += n;
  }
  keyBytes.fill(0);
  ctxBytes.fill(0);
  ioBytes.fill(0, 0, Math.min(ioSize, Math.max(salt.length, length)));
  return out;
}
