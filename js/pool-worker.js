// A worker of sha256-simd/pool: its own instance of the wasm module (loaded by
// importing the package through pool-unit.js) serving the caller's units.
import {serve} from "./pool/serve.js";
import {runUnit} from "./pool/unit.js";

await serve(() => runUnit);
