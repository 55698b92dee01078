// The extras module under the main entry's default conditions: the SIMD module
// embedded in JavaScript, and its portable build where no wasm can run.
import wasm from "../../generated/extras-wasm.js";
import {compile} from "./compile.js";

export {instantiate as portable} from "../../generated/extras-portable.js";
/** @type {() => WebAssembly.Module} */
export const module = () => compile(wasm);
