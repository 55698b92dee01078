// Streaming SHA-256. Every object keeps its own copy of the module's context
// and swaps it in around each call, so objects cost no wasm instance and any
// number of them can be interleaved.
import {newDigest} from "./alloc.js";
import {bytesLength, plainView} from "./check.js";
import {copySmall, ctxBytes, ctxPtr, ioBytes, ioDigest, ioPtr, ioSize, streamThrough} from "./io.js";
import {core} from "./loader.js";

const absorbPiece = (len) => core.sha256_update(ctxPtr, ioPtr, len);

/** Feeds the n bytes of data, a Uint8Array, into the module's context, through the I/O buffer. */
export function absorb(data, n) {
  if (n <= ioSize) {
    ioBytes.set(data);
    core.sha256_update(ctxPtr, ioPtr, n);
  } else {
    streamThrough(plainView(data, n), n, 0, absorbPiece);
  }
}

function finishedError(method) {
  return new Error(`SHA256.${method}: final() was already called; call init() to start a new hash`);
}

// An object's state, under keys of this module's own, so that code holding
// the object cannot swap in a context of its own making. (Not #private
// fields: the react-native bundle lowers classes for Hermes, which has none.)
const CTX = Symbol("ctx");
const FINISHED = Symbol("finished");

export class SHA256 {
  constructor() {
    this[CTX] = new Uint8Array(ctxBytes.length);
    this[FINISHED] = false;
    this.init();
  }

  /** Starts a new hash; an object can be reused after final(). */
  init() {
    core.sha256_init(ctxPtr);
    this[CTX].set(ctxBytes);
    this[FINISHED] = false;
    return this;
  }

  update(data) {
    const n = bytesLength(data, "data", "SHA256.update");
    if (this[FINISHED]) throw finishedError("update");
    ctxBytes.set(this[CTX]);
    absorb(data, n);
    this[CTX].set(ctxBytes);
    return this;
  }

  /** Returns the digest. A second final(), or update() after it, throws until init(). */
  final() {
    if (this[FINISHED]) throw finishedError("final");
    ctxBytes.set(this[CTX]);
    core.sha256_final(ctxPtr, ioPtr);
    this[FINISHED] = true;
    const out = newDigest();
    copySmall(out, ioDigest, 32);
    return out;
  }
}
