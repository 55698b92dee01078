// HMAC-SHA256 (RFC 2104): a call with its key, and an HMAC object that keeps
// its key state. The key material passes through the module's memory and is
// wiped on every way out (extras.js).
import {bytesLength} from "./check.js";
import {keyBytes, keyPtr, loadKey, macInto, tag, wasm, wipe} from "./extras.js";
import {ctxBytes, ctxPtr, ioPtr} from "./io.js";
import {absorb} from "./stream.js";

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
