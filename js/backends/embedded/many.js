// The many module under the main entry's default conditions: the SIMD module
// embedded in JavaScript, and its portable build where no wasm can run.
import wasm from "../../generated/many-wasm.js";
import {compile} from "./compile.js";

export {instantiate as portable} from "../../generated/many-portable.js";
/** @type {() => WebAssembly.Module} */
export const module = () => compile(wasm);
