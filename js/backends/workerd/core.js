// The core module under the workerd condition: Cloudflare Workers refuse to
// compile wasm from bytes, but a .wasm file imported as a module arrives
// compiled, as wrangler bundles it.
// @ts-expect-error: a .wasm module has no types (wrangler makes it a WebAssembly.Module).
import wasm from "../../../wasm/sha256-core.wasm";

export {portable} from "../portable/core.js";
/** @type {() => WebAssembly.Module} */
export const module = () => wasm;
