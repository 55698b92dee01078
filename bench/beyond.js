// What sha256-simd offers beyond as-sha256, against @noble/hashes and
// node:crypto in one process (bench/beyond-cases.js):
//   node bench/beyond.js [--out FILE]
// Runs on Node, Bun and Deno (node: APIs). --out writes the rows as JSON
// beside the engine and date.
import {writeFileSync} from "node:fs";
import * as ours from "sha256-simd";
import {runBeyond} from "./beyond-cases.js";

const args = process.argv.slice(2);
const out = args.includes("--out") ? args[args.indexOf("--out") + 1] : null;
const runtime = globalThis.Bun ? `bun ${globalThis.Bun.version}` : globalThis.Deno ? `deno ${globalThis.Deno.version.deno}` : `node ${process.version}`;
const engine = `${runtime} (${ours.backend})`;

const rows = runBeyond(ours, {now: () => performance.now()});
console.log(`${engine}: beyond as-sha256, ns per op (best / median of 7 interleaved rounds), and each one's time over ours`);
for (const r of rows) {
  console.log(`  ${r.case}`);
  for (const c of r.contenders) {
    console.log(`    ${c.name.padEnd(34)} ${c.bestNs.toFixed(0).padStart(10)} / ${c.medianNs.toFixed(0).padStart(10)}   ${c.ratioBest.toFixed(2)}x / ${c.ratioMedian.toFixed(2)}x`);
  }
}
if (out) writeFileSync(out, JSON.stringify({engine, date: new Date().toISOString().slice(0, 10), rows}, null, 2) + "\n");
