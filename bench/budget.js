// Where the time of a single-message call goes (bench/cases/budget-cases.js):
// the module's export, the JS -> wasm call, the argument reading and checks,
// the copies, and making the result, per engine (docs/performance-notes.md,
// "Per-call budget").
//
//   node|bun|deno bench/budget.js [--filter REGEX] [--rounds N] [--ms MS]
//   node bench/budget.js --engine jsc|chromium|firefox|webkitgtk [...]
//
// With --engine, the cases run bundled in that engine (bench/timing/bundled.js;
// webkitgtk under xvfb-run -a). Prints the CPU and a table per call.
import {parseArgs} from "node:util";
import {cpuDetails} from "./report/results-files.js";

const {values} = parseArgs({
  options: {
    engine: {type: "string"},
    filter: {type: "string"},
    rounds: {type: "string", default: "9"},
    ms: {type: "string", default: "40"},
  },
});
const options = {filter: values.filter, rounds: Number(values.rounds), ms: Number(values.ms)};
const {cpuFamily, cpuModel, cpuFlags = []} = cpuDetails();
process.stdout.write(`CPU family ${cpuFamily} model ${cpuModel} (${cpuFlags.join(", ")}); `);

if (values.engine) {
  const [{runBundled}, {internalsSource}] = await Promise.all([import("./timing/bundled.js"), import("./timing/internals.js")]);
  const entry = `
import {runBudget, budgetTable} from "./cases/budget-cases.js";
${internalsSource}
const now = globalThis.performance ? () => performance.now() : () => preciseTime() * 1000;
globalThis.benchRun = () => budgetTable(runBudget({...${JSON.stringify(options)}, internals, now}));
`;
  process.stdout.write(await runBundled(entry, values.engine));
} else {
  const [{runBudget, budgetTable}, {loadInternals}] = await Promise.all([import("./cases/budget-cases.js"), import("./timing/internals.js")]);
  const internals = await loadInternals();
  const runtime = globalThis.Bun ? `Bun ${Bun.version}` : globalThis.Deno ? `Deno ${Deno.version.deno}` : `Node ${process.versions.node}`;
  process.stdout.write(`${runtime}\n\n${budgetTable(runBudget({...options, internals, now: () => performance.now()}))}`);
}
