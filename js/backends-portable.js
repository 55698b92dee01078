// The portable build alone, for portable.js (sha256-simd/portable and the
// "react-native" export condition; see backends.js): React Native's Hermes
// has no WebAssembly, and a bundle for it carries no wasm bytes.
export {instantiate as instantiatePortable} from "./portable-code.js";

export function simdValid() {
  return false;
}

/** null: this build has no wasm module. */
export const wasmModule = null;
