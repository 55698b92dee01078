// Runs a table of cases that need the package's internals (bench/timing/
// internals.js) here, under node, bun or deno, or bundled in another engine
// (bench/timing/bundled.js): bench/budget.js and bench/choices.js. `table`
// names an export of bench/cases/<file>, called with {...options, internals,
// now}, returning the text to print.
import {cpuDetails, runtimeName} from "../report/results-files.js";

/**
 * The CPU line, the engine, and what the table function returned.
 * @param {{file: string, table: string, options: object, engine?: string}} run
 */
export async function runWithInternals({file, table, options, engine}) {
  const {cpuFamily, cpuModel, cpuFlags = []} = cpuDetails();
  const cpu = `CPU family ${cpuFamily} model ${cpuModel} (${cpuFlags.join(", ")}); `;
  if (engine) {
    const [{runBundled}, {internalsSource}] = await Promise.all([import("./bundled.js"), import("./internals.js")]);
    const entry = `
import {${table}} from "./cases/${file}";
${internalsSource}
const now = globalThis.performance ? () => performance.now() : () => preciseTime() * 1000;
globalThis.benchRun = () => ${table}({...${JSON.stringify(options)}, internals, now});
`;
    return cpu + (await runBundled(entry, engine));
  }
  const [cases, {loadInternals}] = await Promise.all([import(`../cases/${file}`), import("./internals.js")]);
  const internals = await loadInternals();
  return `${cpu}${runtimeName()}\n\n${cases[table]({...options, internals, now: () => performance.now()})}`;
}
