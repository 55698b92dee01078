// The merkle module under the main entry's default conditions: the SIMD module
// embedded in JavaScript, and its portable build where no wasm can run.
import wasm from "../../generated/merkle-wasm.js";
import {compile} from "./compile.js";

export {portable} from "../portable/merkle.js";
/** @type {() => WebAssembly.Module} */
export const module = () => compile(wasm);
