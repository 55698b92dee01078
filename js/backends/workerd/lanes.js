// The lanes module under the workerd condition: Cloudflare Workers refuse to
// compile wasm from bytes, but a .wasm file imported as a module arrives
// compiled, as wrangler bundles it. The portable build has none.
// @ts-expect-error: a .wasm module has no types (wrangler makes it a WebAssembly.Module).
import wasm from "../../../wasm/sha256-lanes.wasm";

/** @type {null} */
export const portable = null;
/** @type {() => WebAssembly.Module} */
export const module = () => wasm;
