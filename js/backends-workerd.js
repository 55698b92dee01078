// The backends on Cloudflare Workers, for workerd.js (see backends.js).
// Workers refuse to compile wasm from bytes, but a .wasm file imported as a
// module arrives compiled, as wrangler bundles it.
import scalar from "../wasm/sha256-scalar.wasm";
import simd from "../wasm/sha256-simd.wasm";

export {instantiate as instantiatePortable} from "./portable-code.js";

/** Workers run V8, which has WebAssembly SIMD; the import above compiled the module. */
export function simdValid() {
  return true;
}

export function wasmModule(kind) {
  return kind === "simd" ? simd : scalar;
}
