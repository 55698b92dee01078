// Writes the README's measured tables from bench/results/, between marker
// comments (<!-- bench:start NAME --> ... <!-- bench:end -->), so no figure in
// them is copied by hand: what report/readme.js generates from the results
// files of the committed modules.
//
//   node bench/readme.js [--check]
//
// --check writes nothing and fails if README.md differs from what it would write.
import {readFileSync, writeFileSync} from "node:fs";
import {join} from "node:path";
import {parseArgs} from "node:util";
import {generate} from "./report/readme.js";
import {packageDir, readResults, wasmSha256} from "./report/results-files.js";

const readmePath = join(packageDir, "README.md");

const {values} = parseArgs({options: {check: {type: "boolean", default: false}}});
const wasm = wasmSha256();
const before = readFileSync(readmePath, "utf8");
const after = generate(before, readResults(), wasm);
if (values.check) {
  if (after !== before) {
    console.error("check-readme: README.md's measured tables differ from bench/results/; run 'make readme' and commit");
    process.exit(1);
  }
  console.log("check-readme: README.md's measured tables are what bench/results/ gives");
} else if (after !== before) {
  writeFileSync(readmePath, after);
  console.log("README.md: measured tables regenerated");
} else {
  console.log("README.md: measured tables already up to date");
}
