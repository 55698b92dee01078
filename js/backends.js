// The backends the loader (instance.js) chooses from under the main entry
// (index.js): both wasm modules embedded as base64, so that they compile
// synchronously with neither fetch nor fs, and the portable build.
// backends-workerd.js (Cloudflare Workers) and backends-portable.js (React
// Native, sha256-simd/portable) export the same names.
import {scalarWasm, simdWasm} from "./wasm-code.js";

export {instantiate as instantiatePortable} from "./portable-code.js";

function decodeBase64(b64) {
  const s = atob(b64);
  const bytes = new Uint8Array(s.length);
  for (let i = 0; i < s.length; i++) bytes[i] = s.charCodeAt(i);
  return bytes;
}

// Decoded once: validated at load, then compiled.
let simdBytes = null;
const simdModuleBytes = () => (simdBytes ??= decodeBase64(simdWasm));

/** Whether this runtime's WebAssembly validates the SIMD module. */
export function simdValid() {
  return WebAssembly.validate(simdModuleBytes());
}

/** The wasm module `kind` ("simd" or "scalar"), compiled: this throws where compiling is refused. */
export function wasmModule(kind) {
  return new WebAssembly.Module(kind === "simd" ? simdModuleBytes() : decodeBase64(scalarWasm));
}
