// sha256-simd under the "node", "bun" and "deno" export conditions: the main
// entry, with digest() of inputs from a length on handed to node:crypto
// (native.js), and digestMany's messages from another. Each length is where
// node:crypto measured the faster, per runtime (docs/performance-notes.md,
// "digest() on node:crypto"): on Bun that is every length. Where
// process.getBuiltinModule is missing (Node before 20.16), every digest stays
// on wasm. SHA256 objects stay on wasm too: their length is not known until
// final().
import {useNativeDigest} from "./native.js";

export * from "./index.js";

const [min, manyMin] = globalThis.Bun ? [0, 64] : globalThis.Deno ? [2048, 6144] : [320, 1536];
useNativeDigest(globalThis.process?.getBuiltinModule?.("node:crypto"), min, manyMin);
