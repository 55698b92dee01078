// sha256-simd/portable: the API on the portable build alone, wherever it
// runs. No wasm compile is attempted, so a page's Content-Security-Policy
// reports no violation.
import {module, portable} from "./backends/portable/core.js";
import {install} from "./core/loader.js";

install({module, portable});

export * from "./core/api.js";
