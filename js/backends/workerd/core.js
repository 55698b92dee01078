// The core module under the workerd condition: Cloudflare Workers refuse to
// compile wasm from bytes, but a .wasm file imported as a module arrives
// compiled, as wrangler bundles it.
import wasm from "../../../wasm/sha256-core.wasm";

export {instantiate as portable} from "../../generated/core-portable.js";
export const module = () => wasm;
