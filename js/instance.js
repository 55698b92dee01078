// Instantiates the wasm module and keeps the views that every API function
// uses. All bindings here are live: reinitializeInstance() swaps the module and
// every importer sees the new one.
import {scalarWasm, simdWasm} from "./wasm-code.js";

function decodeBase64(b64) {
  const s = atob(b64);
  const bytes = new Uint8Array(s.length);
  for (let i = 0; i < s.length; i++) bytes[i] = s.charCodeAt(i);
  return bytes;
}

const simdBytes = decodeBase64(simdWasm);
const compiled = {simd: null, scalar: null};

/** True when this runtime can compile the SIMD module. */
export const simdSupported = WebAssembly.validate(simdBytes);

export let wasm;
export let simdEnabled;
/** Address and size of the module's I/O buffer, and views over all of it. */
export let ioPtr;
export let ioSize;
export let io8;
/** Int32 view of the I/O buffer: HashObject words are signed, as in as-sha256. */
export let io32;
/** The first digest in the I/O buffer. */
export let out32;
/** The module's streaming context. */
export let ctxPtr;
export let ctx8;

export function reinitializeInstance(useSimd) {
  const simd = useSimd === undefined ? simdSupported : Boolean(useSimd);
  if (simd && !simdSupported) {
    throw new Error("reinitializeInstance(true): this runtime does not support WebAssembly SIMD");
  }
  const kind = simd ? "simd" : "scalar";
  compiled[kind] ??= new WebAssembly.Module(simd ? simdBytes : decodeBase64(scalarWasm));
  const exports = new WebAssembly.Instance(compiled[kind], {}).exports;
  exports._initialize();
  const buffer = exports.memory.buffer;
  ioPtr = exports.io_ptr();
  ioSize = exports.io_size();
  io8 = new Uint8Array(buffer, ioPtr, ioSize);
  io32 = new Int32Array(buffer, ioPtr, ioSize >> 2);
  out32 = new Uint8Array(buffer, ioPtr, 32);
  ctxPtr = exports.ctx_ptr();
  ctx8 = new Uint8Array(buffer, ctxPtr, exports.ctx_size());
  ioViews.length = 0;
  wasm = exports;
  simdEnabled = simd;
}

// Views of the first n bytes of the I/O buffer, made once per length, so the
// hot paths copy results out without allocating a view per call.
const ioViews = [];
const maxCachedView = 1 << 16;

export function ioView(n) {
  if (n > maxCachedView) return io8.subarray(0, n);
  return (ioViews[n] ??= io8.subarray(0, n));
}

/**
 * Streams input through the I/O buffer in pieces of at most ioSize bytes:
 * reduce(len) turns the len bytes at ioPtr into len / factor bytes there, and
 * those land in output at off / factor. A piece's results land before the
 * next piece's input, so output may alias the start of input.
 */
export function reduceThroughBuffer(input, output, factor, reduce) {
  const n = input.length;
  for (let off = 0; off < n; off += ioSize) {
    const len = Math.min(ioSize, n - off);
    io8.set(len === n ? input : input.subarray(off, off + len));
    reduce(len);
    output.set(ioView(len / factor), off / factor);
  }
}

reinitializeInstance();
