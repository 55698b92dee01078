// Where node:crypto becomes faster than wasm for one digest, on the runtime
// that runs this (Node, Bun or Deno), and whether digest(), which hands long
// inputs to node:crypto under the node, bun and deno export conditions,
// keeps at least 0.95 of the faster path's speed at each length.
// The wasm path is timed through a SHA256 object (init, update, final),
// which never leaves wasm; node:crypto's as digest() must return it, copied
// into a plain Uint8Array of its own (a Buffer's slice() and toString()
// differ from a Uint8Array's).
//
//   node bench/crossover.js [--rounds 7]
//   bun bench/crossover.js
//   deno run -A bench/crossover.js
import * as crypto from "node:crypto";
import {parseArgs} from "node:util";
import {SHA256, digest} from "sha256-simd";
import {interleave} from "./timing/interleave.js";
import {grid} from "./report/table.js";
import {runtimeName} from "./report/results-files.js";

const {values: args} = parseArgs({options: {rounds: {type: "string", default: "7"}}, args: globalThis.Deno ? Deno.args : process.argv.slice(2)});
const lengths = [32, 64, 256, 512, 640, 768, 1024, 2048, 16384, 1 << 20];
const wasm = new SHA256();
const rows = [];
for (const n of lengths) {
  const data = new Uint8Array(n).fill(0x5a);
  const t = interleave(
    {
      wasm: () => wasm.init().update(data).final(),
      native: () => {
        const out = new Uint8Array(32);
        out.set(crypto.hash("sha256", data, "buffer"));
        return out;
      },
      digest: () => digest(data),
    },
    {now: () => performance.now(), rounds: Number(args.rounds), ms: 40},
  );
  const faster = Math.min(t.wasm.bestNs, t.native.bestNs);
  rows.push([
    n >= 1024 ? `${n / 1024} KiB` : `${n} B`,
    t.wasm.bestNs.toFixed(0),
    t.native.bestNs.toFixed(0),
    t.digest.bestNs.toFixed(0),
    (t.wasm.bestNs / t.native.bestNs).toFixed(2),
    (faster / t.digest.bestNs).toFixed(2),
  ]);
}
console.log(`${runtimeName()}, best of ${args.rounds} interleaved rounds, ns per call`);
console.log(grid(["length", "wasm", "node:crypto", "digest()", "wasm ÷ node:crypto", "digest() speed ÷ faster path's"], rows, true));
