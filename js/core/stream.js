// Streaming SHA-256. Every object keeps its own copy of the module's context
// and swaps it in around each call, so objects cost no wasm instance and any
// number of them can be interleaved.
import {newDigest} from "./alloc.js";
import {assertBytes} from "./check.js";
import {ctxBytes, ctxPtr, ioDigest, ioPtr, streamThrough} from "./io.js";
import {core} from "./loader.js";

const absorbPiece = (len) => core.sha256_update(ctxPtr, ioPtr, len);

/** Feeds data into the module's context, through the I/O buffer. */
export function absorb(data) {
  streamThrough(data, data.length, 0, absorbPiece);
}

function finishedError(method) {
  return new Error(`SHA256.${method}: final() was already called; call init() to start a new hash`);
}

export class SHA256 {
  constructor() {
    this.ctx = new Uint8Array(ctxBytes.length);
    this.finished = false;
    this.init();
  }

  /** Starts a new hash; an object can be reused after final(). */
  init() {
    core.sha256_init(ctxPtr);
    this.ctx.set(ctxBytes);
    this.finished = false;
    return this;
  }

  update(data) {
    assertBytes(data, "data", "SHA256.update");
    if (this.finished) throw finishedError("update");
    ctxBytes.set(this.ctx);
    absorb(data);
    this.ctx.set(ctxBytes);
    return this;
  }

  /** Returns the digest. A second final(), or update() after it, throws until init(). */
  final() {
    if (this.finished) throw finishedError("final");
    ctxBytes.set(this.ctx);
    core.sha256_final(ctxPtr, ioPtr);
    this.finished = true;
    const out = newDigest();
    out.set(ioDigest);
    return out;
  }
}
