// The A/B command: two builds of the package side by side in one engine,
// through the public API as each ships (lab/compare.js), for the A/B
// measurements of a change (docs/performance-notes.md).
//
//   node|bun|deno lab/ab.js OLD_DIR NEW_DIR [--filter REGEX] [--hasher] [--beyond] [--rounds N] [--ms MS] [--save | --out FILE] [--label L]
//   node lab/ab.js OLD_DIR NEW_DIR --engine jsc|chromium|firefox|webkitgtk [...]
//   node lab/ab.js --table [FILE ...]
//
// Each DIR is the root of a checkout (git worktree add DIR COMMIT). Without
// --engine the builds run here: each one's Node entry (js/node.js, or
// js/core/node.js in the builds of 2026-12-01 to 12-05) and its hasher.
// With --engine they are bundled with the cases into one script for the jsc
// shell or a headless browser (lab/bundled.js; --beyond needs WebCrypto, so a
// browser). Prints each build's best and median time per op, and NEW over
// OLD; --save writes the run to bench/results/ab_<engine>-<version>_<cpu>_<date>.json
// (lab/ab-report.js), --out FILE elsewhere. --table prints the saved runs
// (every ab_*.json by default) as one table of NEW over OLD, round by round.
import {existsSync, readFileSync} from "node:fs";
import {resolve} from "node:path";
import {pathToFileURL} from "node:url";
import {parseArgs} from "node:util";
import {environment, readResults, resultsDir, runtimeName} from "../bench/report/results-files.js";
import {abDocument, abTable, saveAb} from "./ab-report.js";
import {compareTable} from "./compare.js";

const {values, positionals} = parseArgs({
  args: globalThis.Deno ? Deno.args : process.argv.slice(2),
  allowPositionals: true,
  options: {
    engine: {type: "string"},
    filter: {type: "string"},
    hasher: {type: "boolean", default: false},
    beyond: {type: "boolean", default: false},
    rounds: {type: "string", default: "15"},
    ms: {type: "string"},
    save: {type: "boolean", default: false},
    out: {type: "string"},
    label: {type: "string"},
    table: {type: "boolean", default: false},
  },
});

if (values.table) {
  const docs = positionals.length
    ? positionals.map((f) => JSON.parse(readFileSync(f, "utf8")))
    : readResults(resultsDir).filter(({name}) => name.startsWith("ab_")).map(({doc}) => doc);
  if (docs.length === 0) throw new Error(`no ab_*.json in ${resultsDir}`);
  const commits = [...new Set(docs.map(({builds: {a, b}}) => `b ${b.commit} over a ${a.commit}`))];
  process.stdout.write(`${commits.join("; ")}\n\n${abTable(docs)}`);
} else {
  if (positionals.length !== 2) throw new Error("usage: lab/ab.js OLD_DIR NEW_DIR [--engine E] [--filter REGEX] [--hasher] [--beyond], or lab/ab.js --table [FILE ...]");
  const {engine} = values;
  if (values.beyond && engine === "jsc") throw new Error("--beyond needs WebCrypto: a browser, not the jsc shell");
  const options = {filter: values.filter, hasher: values.hasher, beyond: values.beyond, rounds: Number(values.rounds), ms: Number(values.ms ?? (engine ? 40 : 60))};
  const [header, rows] = engine ? await bundled(engine, options) : [runtimeName(), await here(options)];
  process.stdout.write(`${header}; a: ${positionals[0]}, b: ${positionals[1]}\n\n${compareTable(rows)}`);
  if (values.save || values.out) {
    const label = values.label ? {label: values.label} : {};
    // "jsc shell 2.50.6", "firefox/153.8.0": the version is the last word.
    const env = engine ? environment(label, {runtime: engine, runtimeVersion: header.split(/[ /]/).at(-1) || "unknown"}) : environment(label);
    const doc = abDocument({dirs: positionals, env, options: engine ? {...options, engine} : options, rows});
    process.stdout.write(`written to ${saveAb(doc, values.out)}\n`);
  }
}

/** The peers the cases need, here. */
async function peers() {
  const [pmt, {hkdf}, {hmac}, {pbkdf2}, {sha256}, {nodeCrypto}, crypto] = await Promise.all(
    ["@chainsafe/persistent-merkle-tree", "@noble/hashes/hkdf.js", "@noble/hashes/hmac.js", "@noble/hashes/pbkdf2.js", "@noble/hashes/sha2.js", "../bench/cases/beyond-native.js", "node:crypto"].map((m) => import(m)),
  );
  return {pmt, noble: {sha256, hmac, hkdf, pbkdf2}, native: nodeCrypto(crypto)};
}

/** Both builds timed in this process. */
async function here(options) {
  const {compareBuilds} = await import("./compare.js");
  const load = async (dir) => {
    const file = (path) => pathToFileURL(resolve(dir, path)).href;
    const entry = existsSync(resolve(dir, "js/core/node.js")) ? "js/core/node.js" : "js/node.js";
    const [ours, {hasher}] = await Promise.all([import(file(entry)), import(file("js/hasher.js"))]);
    return {ours, hasher};
  };
  const [a, b] = await Promise.all(positionals.map(load));
  return compareBuilds({a, b, extra: await peers()}, {...options, now: () => performance.now(), log: (id) => process.stderr.write(`${id}\n`)});
}

/** Both builds bundled into one script and run in `engine`: its name and version, and the rows. */
async function bundled(engine, options) {
  const {runBundled} = await import("./bundled.js");
  const [a, b] = positionals.map((dir) => resolve(dir));
  const at = (dir, path) => JSON.stringify(`${dir}/js/${path}`);
  const source = `
import * as oursA from ${at(a, "index.js")};
import {hasher as hasherA} from ${at(a, "hasher.js")};
import * as oursB from ${at(b, "index.js")};
import {hasher as hasherB} from ${at(b, "hasher.js")};
import * as pmt from "@chainsafe/persistent-merkle-tree";
import {hkdf} from "@noble/hashes/hkdf.js";
import {hmac} from "@noble/hashes/hmac.js";
import {pbkdf2} from "@noble/hashes/pbkdf2.js";
import {sha256} from "@noble/hashes/sha2.js";
import {webCrypto} from "../bench/cases/beyond-native.js";
import {compareBuilds} from "./compare.js";
const now = globalThis.performance ? () => performance.now() : () => preciseTime() * 1000;
const native = globalThis.crypto?.subtle ? webCrypto(crypto.subtle) : null;
globalThis.benchRun = async () => JSON.stringify(await compareBuilds(
  {a: {ours: oursA, hasher: hasherA}, b: {ours: oursB, hasher: hasherB}, extra: {pmt, noble: {sha256, hmac, hkdf, pbkdf2}, native}},
  {...${JSON.stringify(options)}, now},
));
`;
  // runBundled's output: the engine and its version, a blank line, the rows.
  const output = await runBundled(source, engine);
  const [header] = output.split("\n", 1);
  return [header, JSON.parse(output.slice(header.length))];
}
