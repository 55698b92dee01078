// bench/node.js's main() as the tests run it: --quick and quiet, its results
// file written to a temporary folder and read back. Resolves to main()'s
// {file, text}, with `doc` as read back from the file, `returned` as main()
// returned it, and `out`, the path --out named. withTmpDir gives that folder,
// and the other tests' (lab/test/ too).
import {mkdtempSync, readFileSync, rmSync} from "node:fs";
import {tmpdir} from "node:os";
import {join} from "node:path";

export const quiet = {write() {}, isTTY: false};

/** What `fn(dir)` resolves to, `dir` a new temporary folder named from `prefix`, removed after it. */
export async function withTmpDir(prefix, fn) {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  try {
    return await fn(dir);
  } finally {
    rmSync(dir, {recursive: true, force: true});
  }
}

export function quickRun(args) {
  return withTmpDir("sha256-simd-bench-", async (dir) => {
    const {main} = await import("../node.js");
    const out = join(dir, "r.json");
    const run = await main(["--quick", ...args, "--out", out], {stdout: quiet, stderr: quiet});
    return {file: run.file, text: run.text, doc: JSON.parse(readFileSync(run.file, "utf8")), returned: run.doc, out};
  });
}
