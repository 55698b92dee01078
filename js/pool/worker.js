// A worker of sha256-simd/pool: its own instance of the wasm modules serving
// the caller's units. tools/bundle.mjs bundles it whole into
// js/generated/pool-worker.js, the script that workers run.
import {serve} from "./serve.js";
import {runUnit} from "./ops.js";

serve(() => runUnit);
