// bench/node.js's main() as the tests run it: --quick and quiet, its results
// file written to a temporary folder and read back. Resolves to main()'s
// {file, text}, with `doc` as read back from the file, `returned` as main()
// returned it, and `out`, the path --out named.
import {mkdtempSync, readFileSync, rmSync} from "node:fs";
import {tmpdir} from "node:os";
import {join} from "node:path";
import {main} from "../node.js";

export const quiet = {write() {}, isTTY: false};

export async function quickRun(args) {
  const dir = mkdtempSync(join(tmpdir(), "sha256-simd-bench-"));
  try {
    const out = join(dir, "r.json");
    const run = await main(["--quick", ...args, "--out", out], {stdout: quiet, stderr: quiet});
    return {file: run.file, text: run.text, doc: JSON.parse(readFileSync(run.file, "utf8")), returned: run.doc, out};
  } finally {
    rmSync(dir, {recursive: true, force: true});
  }
}
