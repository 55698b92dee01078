// The core module under the react-native condition and sha256-simd/portable:
// its portable build alone, so that a bundle carries no wasm.
export {instantiate as portable} from "../../generated/core-portable.js";
/** @type {null} */
export const module = null;
