// Runs a table of cases that time the package's internals (its checks,
// copies, module exports and 4-lane shape), imported here openly: here under
// node, bun or deno, or bundled into another engine (lab/bundled.js).
// For lab/budget.js and lab/choices.js, whose command line runCommandLine
// reads. `table` names an export of lab/cases/<file>, called with
// {...options, internals, now}, returning the text to print.
import {parseArgs} from "node:util";
import * as api from "../js/index.js";
import * as alloc from "../js/core/alloc.js";
import * as check from "../js/core/check.js";
import * as engine from "../js/core/engine.js";
import * as hashObject from "../js/core/hashObject.js";
import * as io from "../js/core/io.js";
import * as lanes from "../js/core/lanes.js";
import * as loader from "../js/core/loader.js";
import {cpuDetails, runtimeName} from "../bench/report/results-files.js";

const internals = {api, alloc, check, engine, hashObject, io, lanes, loader};
const names = Object.keys(internals);

/** The CPU line, the engine, and what the table function returned. */
export async function runWithInternals({file, table, options, engine}) {
  const {cpuFamily, cpuModel, cpuFlags = []} = cpuDetails();
  const cpu = `CPU family ${cpuFamily} model ${cpuModel} (${cpuFlags.join(", ")}); `;
  if (engine) {
    const {runBundled} = await import("./bundled.js");
    const paths = {api: "index", ...Object.fromEntries(names.slice(1).map((n) => [n, `core/${n}`]))};
    const entry = `
import {${table}} from "./cases/${file}";
${names.map((n) => `import * as ${n} from "../js/${paths[n]}.js";`).join("\n")}
const internals = {${names.join(", ")}};
const now = globalThis.performance ? () => performance.now() : () => preciseTime() * 1000;
globalThis.benchRun = () => ${table}({...${JSON.stringify(options)}, internals, now});
`;
    return cpu + (await runBundled(entry, engine));
  }
  const cases = await import(`./cases/${file}`);
  return `${cpu}${runtimeName()}\n\n${cases[table]({...options, internals, now: () => performance.now()})}`;
}

/** The command line of lab/budget.js and lab/choices.js: --engine, --rounds, --ms and, where `filter`, --filter; prints the run's text. */
export async function runCommandLine({file, table, rounds, filter = false}) {
  const opts = {engine: {type: "string"}, rounds: {type: "string", default: rounds}, ms: {type: "string", default: "40"}};
  const {values} = parseArgs({options: filter ? {...opts, filter: {type: "string"}} : opts});
  const options = {filter: values.filter, rounds: Number(values.rounds), ms: Number(values.ms)};
  process.stdout.write(await runWithInternals({file, table, options, engine: values.engine}));
}

export {internals};
