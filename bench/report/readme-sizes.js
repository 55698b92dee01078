// The table of bench/sizes.js (test/support/bundle-sizes.js's cases): the
// gzipped bytes of each import of sha256-simd, beside the peers' equivalents;
// printed by bench/sizes.js, and the README's from bench/results/sizes.json
// where its build is the committed modules.
import {sameBuild} from "./results.js";
import {grid} from "./table.js";

const peers = ["@chainsafe/as-sha256", "@noble/hashes"];

/** One row per import of sha256-simd, a column per library: gzipped bytes, "–" where a peer has no equivalent. */
export function sizesTable(doc, markdown) {
  const cell = (c) => (c ? c.gzip.toLocaleString("en") : "–");
  const body = doc.cases
    .filter((c) => c.lib === "sha256-simd")
    .map((ours) => [ours.title, cell(ours), ...peers.map((lib) => cell(doc.cases.find((c) => c.lib === lib && c.sameAs === ours.id)))]);
  return grid(["import", "sha256-simd", ...peers], body, markdown);
}

export function sizesSection(files, wasm) {
  const found = files.find(({name}) => name === "sizes.json");
  if (!found || !sameBuild(found.doc.build, wasm)) return "No `bench/results/sizes.json` of the committed modules: run `make sizes`.";
  const {doc} = found;
  const commit = doc.build.commit ? `, commit ${doc.build.commit.slice(0, 12)}` : "";
  return [
    sizesTable(doc, true),
    "",
    `Gzipped bytes (level 9) of each import bundled by esbuild ${doc.esbuild} (minified ESM, platform browser, \`.wasm\` ` +
      `imports apart)${commit}; from [\`bench/results/sizes.json\`](bench/results/sizes.json). Each of as-sha256's is the same ` +
      "import of its names.",
  ].join("\n");
}
