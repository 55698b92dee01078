// bench/compare-modules.js for engines without Node's module loader: the two
// builds, bench/timing/compare.js and the cases bundled into one script, run
// in the WebKitGTK jsc shell or in a headless browser (bench/timing/bundled.js).
//
//   node bench/compare-engines.js OLD_DIR NEW_DIR --engine jsc|chromium|firefox [--filter REGEX] [--hasher] [--beyond] [--rounds N] [--ms MS] [--save | --out FILE] [--label L]
//
// --beyond needs WebCrypto, so browsers only. Prints the same table; --save
// writes the run to bench/results/ab_<engine>-<version>_<cpu>_<date>.json
// (bench/report/ab.js), --out FILE elsewhere.
import {resolve} from "node:path";
import {parseArgs} from "node:util";
import {abDocument, saveAb} from "./report/ab.js";
import {environment} from "./report/results-files.js";
import {runBundled} from "./timing/bundled.js";
import {compareTable} from "./timing/compare.js";

const {values, positionals} = parseArgs({
  allowPositionals: true,
  options: {
    engine: {type: "string", default: "jsc"},
    filter: {type: "string"},
    hasher: {type: "boolean", default: false},
    beyond: {type: "boolean", default: false},
    rounds: {type: "string", default: "15"},
    ms: {type: "string", default: "40"},
    save: {type: "boolean", default: false},
    out: {type: "string"},
    label: {type: "string"},
  },
});
if (positionals.length !== 2) throw new Error("usage: node bench/compare-engines.js OLD_DIR NEW_DIR --engine jsc|chromium|firefox");
if (values.beyond && values.engine === "jsc") throw new Error("--beyond needs WebCrypto: a browser, not the jsc shell");

const [a, b] = positionals.map((dir) => resolve(dir));
const options = {filter: values.filter, hasher: values.hasher, beyond: values.beyond, rounds: Number(values.rounds), ms: Number(values.ms)};
const entry = `
import * as oursA from ${JSON.stringify(`${a}/js/index.js`)};
import {hasher as hasherA} from ${JSON.stringify(`${a}/js/hasher.js`)};
import * as oursB from ${JSON.stringify(`${b}/js/index.js`)};
import {hasher as hasherB} from ${JSON.stringify(`${b}/js/hasher.js`)};
import * as pmt from "@chainsafe/persistent-merkle-tree";
import {hkdf} from "@noble/hashes/hkdf.js";
import {hmac} from "@noble/hashes/hmac.js";
import {pbkdf2} from "@noble/hashes/pbkdf2.js";
import {sha256} from "@noble/hashes/sha2.js";
import {webCrypto} from "./cases/beyond-native.js";
import {compareBuilds} from "./timing/compare.js";
const now = globalThis.performance ? () => performance.now() : () => preciseTime() * 1000;
const native = globalThis.crypto?.subtle ? webCrypto(crypto.subtle) : null;
globalThis.benchRun = async () => JSON.stringify(await compareBuilds(
  {a: {ours: oursA, hasher: hasherA}, b: {ours: oursB, hasher: hasherB}, extra: {pmt, noble: {sha256, hmac, hkdf, pbkdf2}, native}},
  {...${JSON.stringify(options)}, now},
));
`;
// runBundled's output: the engine and its version ("jsc shell 2.50.6", "chromium 156.0..."), a blank line, the rows.
const output = await runBundled(entry, values.engine);
const [header] = output.split("\n", 1);
const rows = JSON.parse(output.slice(header.length));
process.stdout.write(`a: ${positionals[0]}, b: ${positionals[1]}; ${header}\n\n${compareTable(rows)}`);
if (values.save || values.out) {
  const runtimeVersion = header.split(/[ /]/).at(-1) || "unknown"; // "firefox/153.8.0" too
  const env = environment(values.label ? {label: values.label} : {}, {runtime: values.engine, runtimeVersion});
  const doc = abDocument({dirs: positionals, env, options: {...options, engine: values.engine}, rows});
  process.stdout.write(`written to ${saveAb(doc, values.out)}\n`);
}
