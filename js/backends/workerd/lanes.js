// The lanes module under the workerd condition: Cloudflare Workers refuse to
// compile wasm from bytes, but a .wasm file imported as a module arrives
// compiled, as wrangler bundles it. The portable build has none.
import wasm from "../../../wasm/sha256-lanes.wasm";

export const portable = null;
export const module = () => wasm;
