// The whole API on sha256-simd's portable backend: build.js bundles this file
// alone into sha256-simd-portable.js, which the worker imports at run time.
export * from "sha256-simd/portable";
