// Where the time of a single-message call goes (lab/cases/budget-cases.js):
// the module's export, the JS -> wasm call, the argument reading and checks,
// the copies, and making the result, per engine (docs/performance-notes.md,
// "Per-call budget").
//
//   node|bun|deno lab/budget.js [--filter REGEX] [--rounds N] [--ms MS]
//   node lab/budget.js --engine jsc|chromium|firefox|webkitgtk [...]
//
// With --engine, the cases run bundled in that engine (lab/bundled.js;
// webkitgtk under xvfb-run -a). Prints the CPU and a table per call.
import {parseArgs} from "node:util";
import {runWithInternals} from "./internals.js";

const {values} = parseArgs({
  options: {
    engine: {type: "string"},
    filter: {type: "string"},
    rounds: {type: "string", default: "9"},
    ms: {type: "string", default: "40"},
  },
});
const options = {filter: values.filter, rounds: Number(values.rounds), ms: Number(values.ms)};
process.stdout.write(await runWithInternals({file: "budget-cases.js", table: "budgetRun", options, engine: values.engine}));
