// The core module under the main entry's default conditions: the SIMD module
// embedded in JavaScript, and the portable core where no wasm can run.
import wasm from "../../generated/core-wasm.js";
import {compile} from "./compile.js";

export {portable} from "../portable/core.js";
/** @type {() => WebAssembly.Module} */
export const module = () => compile(wasm);
