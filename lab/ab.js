// The A/B command: two builds of the package side by side in one engine,
// through the public API as each ships (lab/compare.js). Each DIR is the root
// of a checkout (git worktree add DIR COMMIT). Without --engine the builds run
// here, each through its Node entry (js/node.js, or js/core/node.js in the
// builds of 2026-12-01 to 12-05); with it they are bundled into one script for
// the jsc shell or a headless browser (lab/bundled.js; --beyond needs
// WebCrypto, so a browser). --save writes the run to
// bench/results/ab_<engine>-<version>_<cpu>_<date>.json, --out FILE elsewhere;
// --table prints the saved runs (every ab_*.json by default) as one table of
// NEW over OLD, round by round (lab/ab-report.js).
//
//   node|bun|deno lab/ab.js OLD_DIR NEW_DIR [--filter REGEX] [--hasher] [--beyond] [--rounds N] [--ms MS] [--save | --out FILE] [--label L]
//   node lab/ab.js OLD_DIR NEW_DIR --engine jsc|chromium|firefox|webkitgtk [...]
//   node lab/ab.js --table [FILE ...]
import * as crypto from "node:crypto";
import {existsSync, readFileSync} from "node:fs";
import {join, resolve} from "node:path";
import {pathToFileURL} from "node:url";
import {parseArgs} from "node:util";
import {environment, readResults, resultsDir, runtimeName, writeJson} from "../bench/report/results-files.js";
import {nodeCrypto} from "../bench/cases/beyond-native.js";
import {abDocument, abFileName, abTable} from "./ab-report.js";
import {compareBuilds, compareTable} from "./compare.js";

const [text, flag] = [{type: "string"}, {type: "boolean", default: false}];
const {values, positionals} = parseArgs({
  args: globalThis.Deno ? Deno.args : process.argv.slice(2),
  allowPositionals: true,
  options: {engine: text, filter: text, hasher: flag, beyond: flag, rounds: text, ms: text, save: flag, out: text, label: text, table: flag},
});

if (values.table) {
  const docs = positionals.length
    ? positionals.map((f) => JSON.parse(readFileSync(f, "utf8")))
    : readResults(resultsDir).filter(({name}) => name.startsWith("ab_")).map(({doc}) => doc);
  if (docs.length === 0) throw new Error(`no ab_*.json in ${resultsDir}`);
  const commits = [...new Set(docs.map(({builds: {a, b}}) => `b ${b.commit} over a ${a.commit}`))];
  process.stdout.write(`${commits.join("; ")}\n\n${abTable(docs)}`);
} else {
  const usage = "usage: lab/ab.js OLD_DIR NEW_DIR [--engine E] [--filter REGEX] [--hasher] [--beyond], or lab/ab.js --table [FILE ...]";
  if (positionals.length !== 2) throw new Error(usage);
  const {engine, filter, hasher, beyond} = values;
  if (beyond && engine === "jsc") throw new Error("--beyond needs WebCrypto: a browser, not the jsc shell");
  const options = {filter, hasher, beyond, rounds: Number(values.rounds ?? 15), ms: Number(values.ms ?? (engine ? 40 : 60))};
  const [header, rows] = engine ? await bundled(engine, options) : [runtimeName(), await here(options)];
  process.stdout.write(`${header}; a: ${positionals[0]}, b: ${positionals[1]}\n\n${compareTable(rows)}`);
  if (values.save || values.out) {
    const label = values.label ? {label: values.label} : {};
    // "jsc shell 2.50.6", "firefox/153.8.0": the version is the last word.
    const env = engine ? environment(label, {runtime: engine, runtimeVersion: header.split(/[ /]/).at(-1) || "unknown"}) : environment(label);
    const file = values.out ?? join(resultsDir, abFileName(env));
    writeJson(file, abDocument({dirs: positionals, env, options: engine ? {...options, engine} : options, rows}));
    process.stdout.write(`written to ${file}\n`);
  }
}

/** Both builds timed in this process. */
async function here(options) {
  const load = async (dir) => {
    const file = (path) => pathToFileURL(resolve(dir, path)).href;
    const entry = existsSync(resolve(dir, "js/core/node.js")) ? "js/core/node.js" : "js/node.js";
    const [ours, {hasher}] = await Promise.all([import(file(entry)), import(file("js/hasher.js"))]);
    return {ours, hasher};
  };
  const [a, b] = await Promise.all(positionals.map(load));
  return compareBuilds({a, b, native: nodeCrypto(crypto)}, {...options, log: (id) => process.stderr.write(`${id}\n`)});
}

/** Both builds bundled into one script and run in `engine`: its name and version, and the rows. */
async function bundled(engine, options) {
  const {runBundled} = await import("./bundled.js");
  const at = (build, path) => JSON.stringify(resolve(positionals[build], "js", path));
  const source = `
import * as oursA from ${at(0, "index.js")};
import {hasher as hasherA} from ${at(0, "hasher.js")};
import * as oursB from ${at(1, "index.js")};
import {hasher as hasherB} from ${at(1, "hasher.js")};
import {webCrypto} from "../bench/cases/beyond-native.js";
import {compareBuilds} from "./compare.js";
const native = globalThis.crypto?.subtle ? webCrypto(crypto.subtle) : null;
globalThis.benchRun = async () => JSON.stringify(await compareBuilds(
  {a: {ours: oursA, hasher: hasherA}, b: {ours: oursB, hasher: hasherB}, native},
  ${JSON.stringify(options)},
));
`;
  // runBundled's output: the engine and its version, a blank line, the rows.
  const output = await runBundled(source, engine);
  const [header] = output.split("\n", 1);
  return [header, JSON.parse(output.slice(header.length))];
}
