// The portable backend's speed against @noble/hashes where wasm is missing:
//   node bench/portable.js               Node, JIT on, wasm refused (sha256-simd/portable)
//   node --jitless bench/portable.js     Node without a JIT (no WebAssembly)
//   node bench/portable.js --hermes      Hermes 0.12, on a bundle lowered as Metro does
// --save writes the rows, with the engine, the modules measured and the CPU,
// to bench/results/portable_<engine>_<cpu>_<date>.json; --out FILE elsewhere.
import {execFileSync} from "node:child_process";
import {mkdirSync, writeFileSync} from "node:fs";
import {join} from "node:path";
import {fileURLToPath} from "node:url";
import {hermesBundle, hermesPath} from "sha256-simd-support/hermes.js";
import {buildInfo, environment, resultsDir, writeJson} from "./report/results-files.js";
import {resultsFileName} from "./report/results.js";

const args = process.argv.slice(2);
const outArg = args.includes("--out") ? args[args.indexOf("--out") + 1] : null;
const here = fileURLToPath(new URL(".", import.meta.url));

/** The rows in Hermes or here, with the engine as the README names it and as a results file's name spells it. */
async function run() {
  if (!args.includes("--hermes")) {
    const lib = await import("sha256-simd/portable");
    const {runPortable} = await import("./cases/cases-portable.js");
    const jitless = typeof WebAssembly === "undefined";
    if (lib.backend !== "js") throw new Error(`the portable entry loaded ${lib.backend}`);
    const engine = `node ${process.version}${jitless ? " --jitless" : " (JIT, wasm refused)"}`;
    const rows = runPortable(lib, {now: () => performance.now(), ms: jitless ? 400 : 200});
    return {engine, runtime: "node", version: process.versions.node + (jitless ? "-jitless" : ""), rows};
  }
  const code = await hermesBundle(
    `import * as lib from "sha256-simd"; import {runPortable} from "./cases/cases-portable.js";
print(JSON.stringify(runPortable(lib, {now: () => Date.now()})));`,
    here,
  );
  mkdirSync(`${here}../build`, {recursive: true});
  const file = `${here}../build/hermes-bench.js`;
  writeFileSync(file, code);
  const version = execFileSync(hermesPath, ["--version"], {encoding: "utf8"}).match(/Hermes release version: (\S+)/)?.[1] ?? "?";
  return {engine: `hermes ${version}`, runtime: "hermes", version, rows: JSON.parse(execFileSync(hermesPath, [file], {encoding: "utf8"}))};
}
const {engine, runtime, version, rows} = await run();

console.log(`${engine}: sha256-simd's portable backend against @noble/hashes, ns per message (best / median of 7 interleaved rounds)`);
const pair = (best, median, digits = 0, unit = "") => `${best.toFixed(digits)}${unit} / ${median.toFixed(digits)}${unit}`;
for (const r of rows) {
  const times = `ours ${pair(r.oursBestNs, r.oursMedianNs)}   noble ${pair(r.nobleBestNs, r.nobleMedianNs)}`;
  console.log(`  ${r.case.padEnd(24)} ${times}   noble/ours ${pair(r.ratioBest, r.ratioMedian, 2, "x")}`);
}
const env = environment();
const doc = {engine, date: env.date.slice(0, 10), build: buildInfo(), env, rows};
const out = outArg ?? (args.includes("--save") ? join(resultsDir, `portable_${resultsFileName({...env, runtime, runtimeVersion: version})}`) : null);
if (out) {
  writeJson(out, doc);
  console.log(`written to ${out}`);
}
