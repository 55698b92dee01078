// Streaming SHA-256. Every object keeps its own copy of the module's context
// and swaps it in around each call, so objects cost no wasm instance and any
// number of them can be interleaved.
import {digestOf} from "./alloc.js";
import {bytesLength, plainView} from "./check.js";
import {ctxBytes, ctxPtr, ioBytes, ioDigest, ioPtr, ioSize, streamThrough} from "./io.js";
import {core} from "./loader.js";

/** @param {number} len */
const absorbPiece = (len) => core.sha256_update(ctxPtr, ioPtr, len);

/**
 * Feeds the n bytes of data, a Uint8Array, into the module's context, through the I/O buffer.
 * @internal
 * @param {Uint8Array} data
 * @param {number} n
 */
export function absorb(data, n) {
  if (n <= ioSize) {
    ioBytes.set(data);
    core.sha256_update(ctxPtr, ioPtr, n);
  } else {
    streamThrough(plainView(data, n), n, 0, absorbPiece);
  }
}

/** @param {string} method */
function finishedError(method) {
  return new Error(`SHA256.${method}: final() was already called; call init() to start a new hash`);
}

// An object's state, under keys of this module's own, so that code holding
// the object cannot swap in a context of its own making. (Not #private
// fields: the react-native bundle lowers classes for Hermes, which has none.)
const CTX = Symbol("ctx");
const FINISHED = Symbol("finished");

/**
 * Streaming SHA-256. Objects share the one wasm instance, each keeping only
 * its own copy of the 112-byte state, so any number can be used at once.
 */
export class SHA256 {
  constructor() {
    /** @internal @type {Uint8Array} */
    this[CTX] = new Uint8Array(ctxBytes.length);
    /** @internal @type {boolean} */
    this[FINISHED] = false;
    this.init();
  }

  /**
   * Starts a new hash; also makes an object usable again after final().
   * @returns {this}
   */
  init() {
    core.sha256_init(ctxPtr);
    this[CTX].set(ctxBytes);
    this[FINISHED] = false;
    return this;
  }

  /**
   * Appends `data`.
   * @param {Uint8Array} data
   * @returns {this}
   * @throws {TypeError} when `data` is not a Uint8Array.
   * @throws {Error} after final(), until init().
   */
  update(data) {
    const n = bytesLength(data, "data", "SHA256.update");
    if (this[FINISHED]) throw finishedError("update");
    ctxBytes.set(this[CTX]);
    absorb(data, n);
    this[CTX].set(ctxBytes);
    return this;
  }

  /**
   * Returns the digest of everything passed to update() since init(). A
   * second final(), or update() after it, throws until init().
   * @returns {Uint8Array}
   * @throws {Error} when called a second time, until init().
   */
  final() {
    if (this[FINISHED]) throw finishedError("final");
    ctxBytes.set(this[CTX]);
    core.sha256_final(ctxPtr, ioPtr);
    this[FINISHED] = true;
    return digestOf(ioDigest);
  }
}
