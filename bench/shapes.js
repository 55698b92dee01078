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
  const [{runBundled}, {internalsSource}] = await Promise.all([import("./timing/bundled.js"), import("./timing/internals.js")]);
  const entry = `
import {shapesTable} from "./cases/shapes-cases.js";
${internalsSource}
const now = globalThis.performance ? () => performance.now() : () => preciseTime() * 1000;
globalThis.benchRun = () => shapesTable({...${JSON.stringify(options)}, internals, now});
`;
  process.stdout.write(await runBundled(entry, values.engine));
} else {
  const [{shapesTable}, {loadInternals}] = await Promise.all([import("./cases/shapes-cases.js"), import("./timing/internals.js")]);
  const internals = await loadInternals();
  const runtime = globalThis.Bun ? `Bun ${Bun.version}` : globalThis.Deno ? `Deno ${Deno.version.deno}` : `Node ${process.versions.node}`;
  process.stdout.write(`${runtime}\n\n${shapesTable({...options, internals, now: () => performance.now()})}`);
}
