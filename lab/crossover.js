// Where node:crypto becomes faster than wasm for one digest, on the runtime
// that runs this (Node, Bun or Deno), and whether digest(), which hands long
// inputs to node:crypto under the node, bun and deno export conditions,
// keeps at least 0.95 of the faster path's speed at each length.
// The wasm path is timed through a SHA256 object (init, update, final),
// which never leaves wasm; node:crypto's as digest() must return it, in a
// plain Uint8Array of its own (a Buffer's slice() and toString() differ from
// a Uint8Array's), read from its hex string: a Buffer costs node:crypto more
// than the string and its reading.
//
//   node lab/crossover.js [--rounds 7]
//   bun lab/crossover.js
//   deno run -A lab/crossover.js
import * as crypto from "node:crypto";
import {parseArgs} from "node:util";
import {SHA256, digest} from "sha256-simd";
import {interleave} from "../bench/timing/runner.js";
import {grid} from "../bench/report/table.js";
import {runtimeName} from "../bench/report/results-files.js";

const {values: args} = parseArgs({options: {rounds: {type: "string", default: "7"}}, args: globalThis.Deno ? Deno.args : process.argv.slice(2)});
// Every 64 bytes from 128 to 4 KiB: the band where the crossover lies on one CPU or another.
const lengths = [32, 64, ...Array.from({length: 63}, (_, i) => 128 + 64 * i), 16384, 1 << 20];
/** A digest's hex string as a plain Uint8Array of its own. */
const digit = (c) => (c > 57 ? c - 87 : c - 48);
function fromHex(hex) {
  const out = new Uint8Array(32);
  for (let i = 0; i < 32; i++) out[i] = (digit(hex.charCodeAt(2 * i)) << 4) | digit(hex.charCodeAt(2 * i + 1));
  return out;
}
const wasm = new SHA256();
const rows = [];
for (const n of lengths) {
  const data = new Uint8Array(n).fill(0x5a);
  const t = interleave(
    {
      wasm: () => wasm.init().update(data).final(),
      native: () => fromHex(crypto.hash("sha256", data, "hex")),
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
const worst = rows.slice(2).reduce((w, row) => (Number(row[5]) < Number(w[5]) ? row : w));
console.log(`${runtimeName()}, best of ${args.rounds} interleaved rounds, ns per call; digest() from 128 B on at least ${worst[5]} of the faster path's speed (${worst[0]})`);
console.log(grid(["length", "wasm", "node:crypto", "digest()", "wasm ÷ node:crypto", "digest() speed ÷ faster path's"], rows, true));
