// Where node:crypto becomes faster than wasm for one digest on this runtime and
// CPU (the shortest length from which it was faster at every length measured),
// and whether digest(), which hands inputs from NATIVE_FROM (js/core/engine.js)
// on to node:crypto, keeps at least 0.95 of the faster path's speed at each
// length. The wasm path is a SHA256 object, which never leaves wasm;
// node:crypto's is as digest() returns it, in the form NATIVE_OUTPUT gives this
// runtime (or --output's), in a plain Uint8Array. node:crypto's path runs
// twice, the second time scored as digest() is: a control, what the same code
// scores through this run's noise. --parts times digestParts()
// of two halves against its own two paths instead: every length on wasm, and
// every length on node:crypto. --save labels the run "openssl-ia32cap" where
// OPENSSL_ia32cap hides CPU features from its OpenSSL.
//
//   node|bun|deno lab/crossover.js [--rounds 7] [--output hex|latin1|base64|buffer] [--many | --parts] [--save]
import * as crypto from "node:crypto";
import {join} from "node:path";
import {parseArgs} from "node:util";
import {SHA256, digest} from "sha256-simd";
import {interleave, pairedRatio} from "../bench/timing/runner.js";
import {grid} from "../bench/report/table.js";
import {buildInfo, environment, resultsDir, runtimeName, writeJson} from "../bench/report/results-files.js";
import {resultsFileName} from "../bench/report/results.js";
import {nativeFrom, nativeOutput} from "../js/core/engine.js";
import {kindMeasured, shaKind, shaRatio} from "../js/core/node-crypto.js";
// js/'s own entry, whose native.js this script sets.
import {digestManyInto, digestParts} from "../js/node.js";
import {native} from "../js/core/native.js";

const options = {rounds: {type: "string", default: "7"}, output: {type: "string"}, many: {type: "boolean", default: false}, parts: {type: "boolean", default: false}, save: {type: "boolean", default: false}};
const {values: args} = parseArgs({options, args: globalThis.Deno ? Deno.args : process.argv.slice(2)});
const rounds = Number(args.rounds);
// Every 32 bytes to 128, then every 64 to 4 KiB: the band where the crossover lies on one CPU or another.
const lengths = [32, 64, 96, ...Array.from({length: 63}, (_, i) => 128 + 64 * i), 16384, 1 << 20];
const output = args.output ?? nativeOutput();
// The CPU's kind as the package finds it at node:crypto's load (js/core/node-crypto.js), and its lengths.
const ratio = shaRatio((a, d) => crypto.hash(a, d, output));
const cpuKind = kindMeasured ? shaKind(ratio) : "fast";
const from = nativeFrom(cpuKind);
console.log(`SHA-256's time over SHA-512's, 4 KiB: ${ratio.toFixed(2)}, so the ${cpuKind} kind`);
if (args.many) {
  // Per message of 64 of each length, digestMany's lanes against node:crypto: native.js's manyMin at Infinity, then 0.
  const out = new Uint8Array(64 * 32);
  for (const length of [128, 192, 256, 320, 384, 448, 512, 1024, 2048, 4096, 16384, 65536]) {
    const messages = Array.from({length: 64}, (_, k) => new Uint8Array(length).fill(k));
    const run = (manyMin) => () => {
      native.manyMin = manyMin;
      digestManyInto(messages, out);
    };
    const t = interleave({lanes: run(Infinity), native: run(0)}, {rounds, ms: 40});
    console.log(`${length} B: lanes ${(t.lanes.bestNs / 64).toFixed(0)} ns a message, node:crypto ${(t.native.bestNs / 64).toFixed(0)}, ratio ${(t.lanes.bestNs / t.native.bestNs).toFixed(2)}`);
  }
  process.exit(0);
}
const HEX = (c) => (c > 57 ? c - 87 : c - 48);
/** node:crypto's digest of `data`, in this runtime's form, as a plain Uint8Array of its own. */
function theirs(data) {
  const d = crypto.hash("sha256", data, output);
  const out = new Uint8Array(32);
  if (output === "buffer") out.set(d);
  else if (output === "base64") for (let i = 0, s = atob(d); i < 32; i++) out[i] = s.charCodeAt(i);
  else if (output === "hex") for (let i = 0; i < 32; i++) out[i] = (HEX(d.charCodeAt(2 * i)) << 4) | HEX(d.charCodeAt(2 * i + 1));
  else for (let i = 0; i < 32; i++) out[i] = d.charCodeAt(i);
  return out;
}
const wasm = new SHA256();
/** The three contenders for `data`: the wasm path, node:crypto's, and the call that chooses between them. */
let contenders = (data) => ({wasm: () => wasm.init().update(data).final(), native: () => theirs(data), digest: () => digest(data)});
if (args.parts) {
  // digestParts' own length for node:crypto, once node:crypto has loaded (an input of 1 MiB loads it).
  digestParts([new Uint8Array(1 << 20)]);
  const partsFrom = native.min;
  contenders = (data) => {
    const parts = [data.slice(0, data.length >> 1), data.slice(data.length >> 1)];
    const via = (min) => () => {
      native.min = min;
      return digestParts(parts);
    };
    return {wasm: via(Infinity), native: via(0), digest: via(partsFrom)};
  };
}
const call = args.parts ? "digestParts() of two halves" : "digest()";
const rows = lengths.map((length) => {
  const data = new Uint8Array(length).map((_, i) => i);
  const want = crypto.hash("sha256", data, "hex");
  const c = contenders(data);
  c.again = c.native;
  for (const [path, f] of Object.entries(c)) if (Array.from(f(), (b) => b.toString(16).padStart(2, "0")).join("") !== want) throw new Error(`wrong digest at ${length} B on ${path}`);
  const t = interleave(c, {rounds, ms: 40});
  const [wasmNs, nativeNs, digestNs] = [t.wasm, t.native, t.digest].map((r) => Math.round(r.bestNs));
  // Per round, as the contenders shared the machine's state then; the median over rounds.
  const faster = t.wasm.roundsNs.map((w, r) => Math.min(w, t.native.roundsNs[r]));
  return {length, wasmNs, nativeNs, digestNs, speedOfFaster: pairedRatio(t.digest.roundsNs, faster), control: pairedRatio(t.again.roundsNs, faster)};
});
const crossover = rows[rows.findLastIndex((r) => r.nativeNs >= r.wasmNs) + 1]?.length ?? Infinity;
const from128 = rows.filter((r) => r.length >= 128);
const worst = from128.reduce((w, r) => (r.speedOfFaster < w.speedOfFaster ? r : w));
const lowestControl = Math.min(...from128.map((r) => r.control));
const size = (n) => (n >= 1024 ? `${n / 1024} KiB` : `${n} B`);
console.log(
  `${runtimeName()} (node:crypto's digest as ${output}), best of ${rounds} interleaved rounds, ns per call; ` +
    `node:crypto the faster from ${size(crossover)} on (NATIVE_FROM, ${cpuKind}: ${from.min}); ` +
    `${call} from 128 B on at least ${worst.speedOfFaster.toFixed(2)} of the faster path's speed (${size(worst.length)}), ` +
    `${from128.filter((r) => r.speedOfFaster >= 0.95).length} of ${from128.length} lengths at 0.95 or more; the control at least ${lowestControl.toFixed(2)}`,
);
const head = ["length", "wasm", "node:crypto", call, "wasm ÷ node:crypto", `${call} speed ÷ faster path's, median of rounds`, "the same, node:crypto again (control)"];
const body = rows.map((r) => [size(r.length), r.wasmNs, r.nativeNs, r.digestNs, (r.wasmNs / r.nativeNs).toFixed(2), r.speedOfFaster.toFixed(2), r.control.toFixed(2)]);
console.log(grid(head, body, true));
if (args.save) {
  const mask = process.env.OPENSSL_ia32cap;
  const env = environment(mask ? {label: "openssl-ia32cap", opensslIa32cap: mask} : {});
  const file = join(resultsDir, `crossover${args.parts ? "-parts" : ""}_${resultsFileName(env)}`);
  writeJson(file, {kind: "crossover", build: buildInfo(), env, options: {rounds, output, parts: args.parts, shaRatio: ratio, cpuKind, nativeFrom: from}, crossover, rows});
  console.log(`written to ${file}`);
}
