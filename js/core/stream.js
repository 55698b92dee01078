// Streaming SHA-256. Every object keeps its own copy of the module's context
// and swaps it in around each call, so objects cost no wasm instance and any
// number of them can be interleaved.
import {digestOf} from "./alloc.js";
import {bytesLength, plainView} from "./check.js";
import {choices} from "./engine.js";
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

// Each object's copy of the context: an array of its own, or where a typed
// array of 112 bytes costs an allocation outside the engine's heap (V8's
// limit is 64 bytes) a view of a slab shared by SLAB objects, which keeps the
// slab alive as Buffer's pool does (performance-notes, "The SHA256 constructor").
const SLAB = 64;
/** @type {ArrayBuffer | null} */
let slab = null;
let slabUsed = SLAB;
let slabSize = 0;

/**
 * A new context of `size` bytes, zeroed or not: init() overwrites it.
 * @param {number} size
 * @returns {Uint8Array}
 */
function newContext(size) {
  if (choices.contexts === "own") return new Uint8Array(size);
  if (slabUsed === SLAB || slabSize !== size) {
    slab = new ArrayBuffer(SLAB * size);
    slabUsed = 0;
    slabSize = size;
  }
  return new Uint8Array(/** @type {ArrayBuffer} */ (slab), size * slabUsed++, size);
}


/**
 * Streaming SHA-256. Objects share the one wasm instance, each keeping only
 * its own copy of the 112-byte state, so any number can be used at once.
 */
export class SHA256 {
  // Private fields: no code that holds the object can reach its state, or
  // through a slab's view another object's. Metro's Babel lowers them for Hermes.
  /** @type {Uint8Array} */
  #ctx;
  #finished = false;

  constructor() {
    this.#ctx = newContext(ctxBytes.length);
    this.init();
  }

  /**
   * Starts a new hash; also makes an object usable again after final().
   * @returns {this}
   */
  init() {
    core.sha256_init(ctxPtr);
    this.#ctx.set(ctxBytes);
    this.#finished = false;
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
    if (this.#finished) throw finishedError("update");
    ctxBytes.set(this.#ctx);
    absorb(data, n);
    this.#ctx.set(ctxBytes);
    return this;
  }

  /**
   * Returns the digest of everything passed to update() since init(). A
   * second final(), or update() after it, throws until init().
   * @returns {Uint8Array}
   * @throws {Error} when called a second time, until init().
   */
  final() {
    if (this.#finished) throw finishedError("final");
    ctxBytes.set(this.#ctx);
    core.sha256_final(ctxPtr, ioPtr);
    this.#finished = true;
    return digestOf(ioDigest);
  }
}
