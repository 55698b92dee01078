// The build a results file made from this checkout must record, found apart from
// bench/report/results-files.js: git's HEAD and the sha256 of each wasm file git has committed.
import {execFileSync} from "node:child_process";
import {createHash} from "node:crypto";
import {readFileSync} from "node:fs";

const root = new URL("../../", import.meta.url);
const git = (...args) => execFileSync("git", args, {cwd: root, encoding: "utf8"}).trim();
const sha256 = (path) => createHash("sha256").update(readFileSync(new URL(path, root))).digest("hex");

export function committedBuild() {
  const files = git("ls-files", "wasm/*.wasm").split("\n");
  return {commit: git("rev-parse", "HEAD"), wasm: Object.fromEntries(files.map((f) => [f.slice("wasm/".length), sha256(f)]))};
}
