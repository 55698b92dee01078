// sha256-simd/portable: the API on the portable build alone, wherever it
// runs. No wasm compile is attempted, so a page's Content-Security-Policy
// reports no violation.
import * as core from "./backends/portable/core.js";
import {install} from "./core/loader.js";

install(core);

export * from "./core/api.js";
