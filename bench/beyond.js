// What sha256-simd offers beyond as-sha256, against @noble/hashes and
// node:crypto in one process (bench/beyond-cases.js):
//   node bench/beyond.js [--out FILE] [--quick]
// Runs on Node, Bun and Deno (node: APIs). --out writes the rows as JSON
// beside the engine and date. --quick runs every contender of every case for
// 2 short rounds (rough figures, for tests).
import * as crypto from "node:crypto";
import {writeFileSync} from "node:fs";
import {pathToFileURL} from "node:url";
import {parseArgs} from "node:util";
import {hkdf} from "@noble/hashes/hkdf.js";
import {hmac} from "@noble/hashes/hmac.js";
import {pbkdf2} from "@noble/hashes/pbkdf2.js";
import {sha256} from "@noble/hashes/sha2.js";
import * as ours from "sha256-simd";
import {runBeyond} from "./beyond-cases.js";
import {nodeCrypto} from "./beyond-native.js";

/** Runs the cases and prints them; returns {engine, date, rows}, the document --out writes. */
export async function main(argv, {stdout = process.stdout} = {}) {
  const {values: args} = parseArgs({args: argv, options: {out: {type: "string"}, quick: {type: "boolean", default: false}}});
  const timing = args.quick ? {rounds: 2, ms: 5} : {rounds: 7, ms: 200};
  const runtime = globalThis.Bun ? `bun ${globalThis.Bun.version}` : globalThis.Deno ? `deno ${globalThis.Deno.version.deno}` : `node ${process.version}`;
  const engine = `${runtime} (${ours.backend})`;

  const libs = {ours, noble: {sha256, hmac, hkdf, pbkdf2}, native: nodeCrypto(crypto)};
  const rows = await runBeyond(libs, {now: () => performance.now(), ...timing});
  stdout.write(`${engine}: beyond as-sha256, ns per op (best / median of ${timing.rounds} interleaved rounds), and each one's time over ours\n`);
  for (const r of rows) {
    stdout.write(`  ${r.case}\n`);
    for (const c of r.contenders) {
      stdout.write(`    ${c.name.padEnd(34)} ${c.bestNs.toFixed(0).padStart(10)} / ${c.medianNs.toFixed(0).padStart(10)}   ${c.ratioBest.toFixed(2)}x / ${c.ratioMedian.toFixed(2)}x\n`);
    }
  }
  const doc = {engine, date: new Date().toISOString().slice(0, 10), rows};
  if (args.out) writeFileSync(args.out, JSON.stringify(doc, null, 2) + "\n");
  return doc;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main(process.argv.slice(2)).catch((e) => {
    process.stderr.write(`${e?.stack ?? e}\n`);
    process.exitCode = 1;
  });
}
