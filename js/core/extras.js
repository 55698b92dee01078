// The extras module (cpp/hmac.cpp), for HMAC (hmac.js) and HKDF and PBKDF2
// (kdf.js): linked at first use, and what stages keys and messages in the
// module's memory and wipes them. Every function that stages calls wipe() on
// every way out, errors included.
import {module, portable} from "#extras";
import {digestOf} from "./alloc.js";
import {bytesLength} from "./check.js";
import {ctxBytes, ctxPtr, ioBytes, ioDigest, ioPtr, ioSize} from "./io.js";
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
const extras = addon({module, portable}, () => ({
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
export let keyPtr;
/** @type {Uint8Array} */
export let keyBytes;

/**
 * The extras module's exports, with keyPtr and keyBytes pointing at its key state.
 * @returns {ExtrasExports}
 */
export function wasm() {
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
export function wipe(n) {
  keyBytes.fill(0);
  ctxBytes.fill(0);
  ioBytes.fill(0, 0, Math.min(n, ioSize));
}

const empty = new Uint8Array(0);

/**
 * `x` and its length, or empty bytes where it is undefined.
 * @param {Uint8Array | undefined} x
 * @param {string} name
 * @param {string} fn
 * @returns {[Uint8Array, number]}
 */
export function optionalBytes(x, name, fn) {
  return x === undefined ? [empty, 0] : [x, bytesLength(x, name, fn)];
}

/**
 * Sets the module's key state to that of `key` (n bytes); the copies of the key are wiped after.
 * @param {Uint8Array} key
 * @param {number} n
 */
export function loadKey(key, n) {
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
export function macInto(message, n) {
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
export function tag() {
  return digestOf(ioDigest);
}
