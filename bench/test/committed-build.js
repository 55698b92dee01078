// The build a results file made from this checkout must record, found here
// apart from bench/results-files.js: git's HEAD and the sha256 of the
// committed wasm/*.wasm files.
import {execFileSync} from "node:child_process";
import {createHash} from "node:crypto";
import {readFileSync} from "node:fs";

const root = new URL("../../", import.meta.url);
const sha256 = (path) => createHash("sha256").update(readFileSync(new URL(path, root))).digest("hex");

export function committedBuild() {
  return {
    commit: execFileSync("git", ["rev-parse", "HEAD"], {cwd: root, encoding: "utf8"}).trim(),
    simdWasmSha256: sha256("wasm/sha256-simd.wasm"),
    scalarWasmSha256: sha256("wasm/sha256-scalar.wasm"),
  };
}
