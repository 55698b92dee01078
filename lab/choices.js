// Every row of ENGINE_CHOICES (js/core/engine.js) timed each way in one
// engine (lab/cases/choices-cases.js). Run it on each CPU and engine to check
// the rows (docs/performance-notes.md, "Per-engine choices").
//
//   node|bun|deno lab/choices.js [--rounds N] [--ms MS]
//   node lab/choices.js --engine jsc|chromium|firefox|webkitgtk [...]
import {runCommandLine} from "./internals.js";

await runCommandLine({file: "choices-cases.js", table: "choicesTable", rounds: "15"});
