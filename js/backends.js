// The backends the loader (instance.js) chooses from under the main entry
// (index.js): both wasm modules embedded in JavaScript (wasm-code.js), so
// that they compile synchronously with neither fetch nor fs, and the
// portable build.
// backends-workerd.js (Cloudflare Workers) and backends-portable.js (React
// Native, sha256-simd/portable) export the same names.
import {scalarWasm, simdWasm, wasmBytes} from "./wasm-code.js";

export {instantiate as instantiatePortable} from "./portable-code.js";

// Decoded once: validated at load, then compiled.
let simdBytes = null;
const simdModuleBytes = () => (simdBytes ??= wasmBytes(simdWasm));

/** Whether this runtime's WebAssembly validates the SIMD module. */
export function simdValid() {
  return WebAssembly.validate(simdModuleBytes());
}

/** The wasm module `kind` ("simd" or "scalar"), compiled: this throws where compiling is refused. */
export function wasmModule(kind) {
  return new WebAssembly.Module(kind === "simd" ? simdModuleBytes() : wasmBytes(scalarWasm));
}
