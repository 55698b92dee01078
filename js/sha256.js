// Streaming SHA-256. Every object keeps its own copy of the module's context
// and swaps it in around each call, so objects cost no wasm instance and any
// number of them can be interleaved.
import {assertBytes} from "./check.js";
import {ctx8, ctxPtr, io8, ioPtr, ioSize, out32, wasm} from "./instance.js";

/** Feeds data into the module's context, through the I/O buffer in chunks. */
export function absorb(data) {
  if (data.length <= ioSize) {
    io8.set(data);
    wasm.sha256_update(ctxPtr, ioPtr, data.length);
    return;
  }
  for (let off = 0; off < data.length; off += ioSize) {
    const chunk = data.subarray(off, off + ioSize);
    io8.set(chunk);
    wasm.sha256_update(ctxPtr, ioPtr, chunk.length);
  }
}

function finishedError(method) {
  return new Error(`SHA256.${method}: final() was already called; call init() to start a new hash`);
}

export class SHA256 {
  constructor() {
    this.ctx = new Uint8Array(ctx8.length);
    this.finished = false;
    this.init();
  }

  /** Starts a new hash; an object can be reused after final(). */
  init() {
    wasm.sha256_init(ctxPtr);
    this.ctx.set(ctx8);
    this.finished = false;
    return this;
  }

  update(data) {
    assertBytes(data, "data", "SHA256.update");
    if (this.finished) throw finishedError("update");
    ctx8.set(this.ctx);
    absorb(data);
    this.ctx.set(ctx8);
    return this;
  }

  /** Returns the digest. A second final(), or update() after it, throws until init(). */
  final() {
    if (this.finished) throw finishedError("final");
    ctx8.set(this.ctx);
    wasm.sha256_final(ctxPtr, ioPtr);
    this.finished = true;
    const out = new Uint8Array(32);
    out.set(out32);
    return out;
  }
}
