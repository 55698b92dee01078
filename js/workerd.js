// sha256-simd under the "workerd" export condition (Cloudflare Workers, as
// wrangler bundles): the wasm modules imported as .wasm modules, which
// Workers allow where they refuse to compile bytes.
import * as backends from "./backends-workerd.js";
import {install} from "./instance.js";

install(backends);

export * from "./api.js";
