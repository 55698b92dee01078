// Two builds of the package side by side in one process, through the public
// API as each ships (bench/timing/compare.js): for the A/B measurements of a
// change to the modules or the loader (docs/performance-notes.md).
//
//   node bench/compare-modules.js OLD_DIR NEW_DIR [--filter REGEX] [--hasher] [--beyond] [--rounds N] [--ms MS] [--save | --out FILE] [--label L]
//
// Each DIR is the root of a checkout of the package (git worktree add DIR
// COMMIT); the source of its entry for Node, Bun and Deno (js/node.js, or
// js/core/node.js in the builds of 2026-12-01 to 12-05) and its hasher are
// loaded from there. Runs on node, bun or deno alike. Prints a markdown
// table: each build's best and median time per op, and NEW over OLD; --save
// writes the run to bench/results/ab_<runtime>-<version>_<cpu>_<date>.json
// (bench/report/ab.js), --out FILE elsewhere.
import * as nodeCrypto from "node:crypto";
import {existsSync} from "node:fs";
import {resolve} from "node:path";
import {pathToFileURL} from "node:url";
import {parseArgs} from "node:util";
import * as pmt from "@chainsafe/persistent-merkle-tree";
import {hkdf} from "@noble/hashes/hkdf.js";
import {hmac} from "@noble/hashes/hmac.js";
import {pbkdf2} from "@noble/hashes/pbkdf2.js";
import {sha256} from "@noble/hashes/sha2.js";
import {nodeCrypto as native} from "./cases/beyond-native.js";
import {abDocument, saveAb} from "./report/ab.js";
import {environment, runtimeName} from "./report/results-files.js";
import {compareBuilds, compareTable} from "./timing/compare.js";

const {values, positionals} = parseArgs({
  allowPositionals: true,
  options: {
    filter: {type: "string"},
    hasher: {type: "boolean", default: false},
    beyond: {type: "boolean", default: false},
    rounds: {type: "string", default: "15"},
    ms: {type: "string", default: "60"},
    save: {type: "boolean", default: false},
    out: {type: "string"},
    label: {type: "string"},
  },
});
if (positionals.length !== 2) throw new Error("usage: node bench/compare-modules.js OLD_DIR NEW_DIR [--filter REGEX] [--hasher] [--beyond]");

async function load(dir) {
  const file = (path) => pathToFileURL(resolve(dir, path)).href;
  // Builds before the server entries kept the Node entry at js/node.js.
  const entry = existsSync(resolve(dir, "js/core/node.js")) ? "js/core/node.js" : "js/node.js";
  const [ours, {hasher}] = await Promise.all([import(file(entry)), import(file("js/hasher.js"))]);
  return {ours, hasher};
}

const [a, b] = await Promise.all(positionals.map(load));
const options = {filter: values.filter, hasher: values.hasher, beyond: values.beyond, rounds: Number(values.rounds), ms: Number(values.ms)};
const rows = await compareBuilds(
  {a, b, extra: {pmt, noble: {sha256, hmac, hkdf, pbkdf2}, native: native(nodeCrypto)}},
  {...options, now: () => performance.now(), log: (id) => process.stderr.write(`${id}\n`)},
);
process.stdout.write(`${runtimeName()}; a: ${positionals[0]}, b: ${positionals[1]}\n\n${compareTable(rows)}`);
if (values.save || values.out) {
  const doc = abDocument({dirs: positionals, env: environment(values.label ? {label: values.label} : {}), options, rows});
  process.stdout.write(`written to ${saveAb(doc, values.out)}\n`);
}
