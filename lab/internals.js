// Runs a table of cases that time the package's internals (its checks,
// copies, module exports and 4-lane shape), imported here openly: here under
// node, bun or deno, or bundled into another engine (lab/bundled.js).
// For lab/budget.js and lab/choices.js, whose command line runCommandLine
// reads. `table` names an export of lab/cases/<file>, called with
// {...options, internals, now}, returning the text to print.
import {parseArgs} from "node:util";
import {cpuDetails, runtimeName} from "../bench/report/results-files.js";

/** The modules the cases time, by the names they use, as paths under js/: imported here, and into a bundled entry. */
const modules = {
  api: "index",
  alloc: "core/alloc",
  check: "core/check",
  engine: "core/engine",
  hashObject: "core/hashObject",
  io: "core/io",
  lanes: "core/lanes",
  loader: "core/loader",
};
const names = Object.keys(modules);
export const internals = Object.fromEntries(await Promise.all(names.map(async (n) => [n, await import(`../js/${modules[n]}.js`)])));

/** The CPU line, the engine, and what the table function returned. */
export async function runWithInternals({file, table, options, engine}) {
  const {cpuFamily, cpuModel, cpuFlags = []} = cpuDetails();
  const cpu = `CPU family ${cpuFamily} model ${cpuModel} (${cpuFlags.join(", ")}); `;
  if (engine) {
    const {runBundled} = await import("./bundled.js");
    const entry = `
import {${table}} from "./cases/${file}";
${names.map((n) => `import * as ${n} from "../js/${modules[n]}.js";`).join("\n")}
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

