// Writes README.md's measured tables (between <!-- bench:start NAME --> and
// <!-- bench:end -->) as report/readme.js generates them from bench/results/;
// --check writes nothing and fails if README.md differs from what it would write.
//
//   node bench/readme.js [--check]
import {readFileSync, writeFileSync} from "node:fs";
import {join} from "node:path";
import {parseArgs} from "node:util";
import {generate} from "./report/readme.js";
import {packageDir, readResults, wasmSha256} from "./report/results-files.js";

const readmePath = join(packageDir, "README.md");
const {values} = parseArgs({options: {check: {type: "boolean", default: false}}});
const before = readFileSync(readmePath, "utf8");
const after = generate(before, readResults(), wasmSha256());
if (after === before) {
  console.log(values.check ? "check-readme: README.md's measured tables are what bench/results/ gives" : "README.md: measured tables already up to date");
} else if (values.check) {
  console.error("check-readme: README.md's measured tables differ from bench/results/; run 'make readme' and commit");
  process.exit(1);
} else {
  writeFileSync(readmePath, after);
  console.log("README.md: measured tables regenerated");
}
