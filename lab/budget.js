// Where the time of a single-message call goes, step by step, per engine
// (lab/cases/budget-cases.js; docs/performance-notes.md, "Per-call budget").
// Prints the CPU and a table per call. With --engine, the cases run bundled in
// that engine (lab/bundled.js; webkitgtk under xvfb-run -a).
//
//   node|bun|deno lab/budget.js [--filter REGEX] [--rounds N] [--ms MS]
//   node lab/budget.js --engine jsc|chromium|firefox|webkitgtk [...]
import {runCommandLine} from "./internals.js";

await runCommandLine({file: "budget-cases.js", table: "budgetRun", rounds: "9", filter: true});
