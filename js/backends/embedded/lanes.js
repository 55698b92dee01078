// The lanes module under the main entry's default conditions: the SIMD module
// embedded in JavaScript. The portable build has none: hash64 runs on the core.
import wasm from "../../generated/lanes-wasm.js";
import {compile} from "./compile.js";

/** @type {null} */
export const portable = null;
/** @type {() => WebAssembly.Module} */
export const module = () => compile(wasm);
