// sha256-simd: the API (api.js) on the best backend this runtime has, the
// SIMD wasm module, the scalar one, or the portable build where WebAssembly
// is missing or refused. package.json sends React Native to portable.js and
// Cloudflare Workers to workerd.js instead, whose backends stay in place when
// sha256-simd/hasher or /pool, which import this file, are loaded after them.
import * as backends from "./backends.js";
import {install} from "./instance.js";

install(backends, false);

export * from "./api.js";
