// Loads the wasm module and chooses between its SIMD and scalar builds. The
// bindings here are live: reinitializeInstance() swaps the module, and every
// importer sees the new one (and io.js the new views onto its memory).
import {bindIo} from "./io.js";
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

/** The module instance's exports. */
export let wasm;
export let simdEnabled;

export function reinitializeInstance(useSimd) {
  const simd = useSimd === undefined ? simdSupported : Boolean(useSimd);
  if (simd && !simdSupported) {
    throw new Error("reinitializeInstance(true): this runtime does not support WebAssembly SIMD");
  }
  const kind = simd ? "simd" : "scalar";
  compiled[kind] ??= new WebAssembly.Module(simd ? simdBytes : decodeBase64(scalarWasm));
  const exports = new WebAssembly.Instance(compiled[kind], {}).exports;
  exports._initialize();
  bindIo(exports);
  wasm = exports;
  simdEnabled = simd;
}

reinitializeInstance();
