// x4 against x4m, the two 4-lane shapes, in one engine (bench/cases/shapes-cases.js).
//
//   node|bun|deno bench/shapes.js [--rounds N] [--ms MS]
//   node bench/shapes.js --engine jsc|chromium|firefox|webkitgtk [...]
import {parseArgs} from "node:util";
import {cpuDetails} from "./report/results-files.js";

const {values} = parseArgs({
  options: {engine: {type: "string"}, rounds: {type: "string", default: "15"}, ms: {type: "string", default: "40"}},
});
const options = {rounds: Number(values.rounds), ms: Number(values.ms)};
const {cpuFamily, cpuModel} = cpuDetails();
process.stdout.write(`CPU family ${cpuFamily} model ${cpuModel}; `);

if (values.engine) {
  const {runBundled} = await import("./timing/bundled.js");
  const entry = `
import {shapesTable} from "./cases/shapes-cases.js";
const now = globalThis.performance ? () => performance.now() : () => preciseTime() * 1000;
globalThis.benchRun = () => shapesTable({...${JSON.stringify(options)}, now});
`;
  process.stdout.write(await runBundled(entry, values.engine));
} else {
  const {shapesTable} = await import("./cases/shapes-cases.js");
  const runtime = globalThis.Bun ? `Bun ${Bun.version}` : globalThis.Deno ? `Deno ${Deno.version.deno}` : `Node ${process.versions.node}`;
  process.stdout.write(`${runtime}\n\n${shapesTable({...options, now: () => performance.now()})}`);
}
