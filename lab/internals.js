// Runs a table of cases timing the package's internals (checks, copies, module
// exports, 4-lane shape), imported here openly: under node, bun or deno, or
// bundled into another engine (lab/bundled.js), for lab/budget.js and choices.js.
import {parseArgs} from "node:util";
import {cpuDetails, runtimeName} from "../bench/report/results-files.js";

/** The modules the cases time, by the names they use: js/index.js as `api`, the others js/core/<name>.js; imported here, and into a bundled entry. */
const names = ["api", "alloc", "check", "engine", "hashObject", "io", "lanes", "loader"];
const path = (n) => `../js/${n === "api" ? "index" : `core/${n}`}.js`;
export const internals = Object.fromEntries(await Promise.all(names.map(async (n) => [n, await import(path(n))])));

/** --engine, --rounds, --ms and, where `filter`, --filter; prints the CPU, the engine, and the text of `table`, an export of lab/cases/<file>. */
export async function runCommandLine({file, table, rounds, filter = false}) {
  const opts = {engine: {type: "string"}, rounds: {type: "string", default: rounds}, ms: {type: "string", default: "40"}};
  const {values} = parseArgs({options: filter ? {...opts, filter: {type: "string"}} : opts});
  const options = {filter: values.filter, rounds: Number(values.rounds), ms: Number(values.ms)};
  const {cpuFamily, cpuModel, cpuFlags = []} = cpuDetails();
  const cpu = `CPU family ${cpuFamily} model ${cpuModel} (${cpuFlags.join(", ")}); `;
  if (!values.engine) {
    const cases = await import(`./cases/${file}`);
    return process.stdout.write(`${cpu}${runtimeName()}\n\n${cases[table]({...options, internals})}`);
  }
  const {runBundled} = await import("./bundled.js");
  const entry = `
import {${table}} from "./cases/${file}";
${names.map((n) => `import * as ${n} from "${path(n)}";`).join("\n")}
globalThis.benchRun = () => ${table}({...${JSON.stringify(options)}, internals: {${names.join(", ")}}});
`;
  process.stdout.write(cpu + (await runBundled(entry, values.engine)));
}
