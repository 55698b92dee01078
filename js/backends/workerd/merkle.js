// The merkle module under the workerd condition: Cloudflare Workers refuse to
// compile wasm from bytes, but a .wasm file imported as a module arrives
// compiled, as wrangler bundles it.
// @ts-expect-error: a .wasm module has no types (wrangler makes it a WebAssembly.Module).
import wasm from "../../../wasm/sha256-merkle.wasm";

export {portable} from "../portable/merkle.js";
/** @type {() => WebAssembly.Module} */
export const module = () => wasm;
