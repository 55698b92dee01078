// The README's table of bundlers and frameworks, from
// bench/results/consumers.json (`make test-consumers-save`, that is
// test/consumers/run.js --save) where its build is the committed modules.
import {sameBuild} from "./results.js";
import {grid} from "./table.js";

const yes = (x) => (x ? "yes" : "no");
const bytes = (n) => (n === undefined ? "–" : n.toLocaleString("en"));

export function consumersSection(files, wasm) {
  const found = files.find(({name}) => name === "consumers.json");
  if (!found || !sameBuild(found.doc.build, wasm)) return "No `bench/results/consumers.json` of the committed modules: run `make test-consumers-save`.";
  const {doc} = found;
  const body = doc.rows.map((r) => [
    `${r.tool} ${r.version ?? ""}`.trim(),
    r.needs,
    `${r.builds.digest === undefined ? "–" : yes(r.builds.digest && r.runs.digest)} / ${yes(r.builds.all && r.runs.all)}`,
    `${bytes(r.bytes.digest)} / ${bytes(r.bytes.all)}`,
    r.pool ?? "–",
  ]);
  const commit = doc.build.commit ? `, commit ${doc.build.commit.slice(0, 12)}` : "";
  return [
    grid(["tool", "needs", "builds and runs: `digest` / everything", "gz bytes: `digest` / everything", "pool"], body, true),
    "",
    `Run under Node ${doc.node.slice(1)}${commit}; from [\`bench/results/consumers.json\`](bench/results/consumers.json).`,
  ].join("\n");
}
