// sha256-simd/portable, and sha256-simd under the "react-native" export
// condition: the API on the portable backend alone. No wasm compile is
// attempted, so a page's Content-Security-Policy reports no violation, and a
// bundle of this entry carries no wasm bytes.
import * as backends from "./backends-portable.js";
import {install} from "./instance.js";

install(backends);

export * from "./api.js";
