// sha256-simd under the "node", "bun" and "deno" export conditions: the main
// entry, with digest() of inputs from a length on handed to node:crypto
// (native.js). The length is where node:crypto became the faster, measured
// per runtime: wasm time over node:crypto's was 0.91 at 256 B and 1.14 at
// 384 B on Node 24 (0.89 and 1.12 on Node 26), 0.89 at 32 B and 1.19 at
// 64 B on Bun 1.4.5, 0.80 at 1 KiB and 1.97 at 4 KiB on Deno 2.9.6
// (docs/performance-notes.md). digestMany's messages go to node:crypto from
// where it beat the 4-lane kernel: 0.81 at 1 KiB and 1.21 at 2 KiB on Node
// 24, from 64 B (1.73) on Bun, 0.97 at 4 KiB and 1.26 at 8 KiB on Deno.
// Where process.getBuiltinModule is missing
// (Node before 20.16), every digest stays on wasm. SHA256 objects stay on
// wasm too: their length is not known until final().
import {useNativeDigest} from "./native.js";

export * from "./index.js";

const [min, manyMin] = globalThis.Bun ? [48, 64] : globalThis.Deno ? [2048, 6144] : [320, 1536];
useNativeDigest(globalThis.process?.getBuiltinModule?.("node:crypto"), min, manyMin);
