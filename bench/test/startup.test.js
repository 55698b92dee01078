// The start-up case (bench/cases/startup.js): one fresh process per library per
// round, each digest checked against node:crypto, each time taken inside its
// process (so below the wall time of spawning one, measured here), and the
// same under Bun and Deno, whose processes it starts with their own
// executable. Nothing here asserts how fast anything starts.
import assert from "node:assert/strict";
import {execFileSync} from "node:child_process";
import {createHash} from "node:crypto";
import {readFileSync} from "node:fs";
import {join} from "node:path";
import {fileURLToPath} from "node:url";
import {runStartup, startupCase} from "../cases/startup.js";
import {withTmpDir} from "./quick-run.js";

const oracle = (m) => createHash("sha256").update(m).digest();
const bench = fileURLToPath(new URL("..", import.meta.url));
const libraries = ["ours-simd", "as-sha256", "hash-wasm", "noble"];

/** `command` on PATH, or null. */
function found(command) {
  try {
    execFileSync(command, ["--version"], {stdio: "ignore"});
    return command;
  } catch {
    return null;
  }
}

describe("the start-up case (bench/cases/startup.js)", function () {
  this.timeout(120000);

  it("times every library in fresh processes, each digest correct, best at most the median, ratios over ours", async function () {
    const rows = await runStartup({rounds: 2, oursImpl: "ours-simd", oracle});
    assert.deepEqual(rows.map((r) => r.impl), libraries);
    for (const r of rows) {
      assert.equal(r.case, startupCase.id);
      assert.equal(r.correct, true, `${r.impl}: ${r.error}`);
      assert.equal(r.rounds, 2, r.impl);
      assert.ok(r.nsPerOp > 0 && r.nsPerOp <= r.nsPerOpMedian, r.impl);
      assert.equal(r.ratioVsOurs, r.nsPerOp / rows[0].nsPerOp, r.impl);
      assert.equal(r.ratioVsAsSha256, rows[1].nsPerOp / r.nsPerOp, r.impl);
    }
  });

  it("takes its time inside the process: below the wall time of starting one and waiting for it", async function () {
    const t0 = performance.now();
    const [r] = await runStartup({rounds: 1, oursImpl: "ours-simd", oracle, keep: (impl) => impl === "ours-simd"});
    const wall = performance.now() - t0;
    assert.ok(r.nsPerOp > 0 && r.nsPerOp / 1e6 < wall, `${r.nsPerOp / 1e6} ms inside, ${wall} ms around`);
  });

  it("marks every library wrong where the digest is not the oracle's, and times none", async function () {
    const rows = await runStartup({rounds: 1, oursImpl: "ours-simd", oracle: () => new Uint8Array(32), keep: (impl) => impl !== "hash-wasm"});
    assert.deepEqual(rows.map((r) => [r.impl, r.correct, r.nsPerOp, r.error]), ["ours-simd", "as-sha256", "noble"].map((impl) => [impl, false, null, "output differs from the oracle"]));
  });

  for (const [runtime, args] of [["bun", []], ["deno", ["run", "-A"]]]) {
    it(`runs under ${runtime}, in processes of ${runtime}`, function () {
      if (!found(runtime)) return this.skip();
      return withTmpDir("sha256-simd-startup-", (dir) => {
        const out = join(dir, "r.json");
        execFileSync(runtime, [...args, join(bench, "node.js"), "--startup", "--quick", "--out", out], {cwd: bench, stdio: "pipe"});
        const doc = JSON.parse(readFileSync(out, "utf8"));
        assert.equal(doc.env.runtime, runtime);
        assert.deepEqual(doc.results.map((r) => [r.case, r.impl, r.correct]), libraries.map((impl) => [startupCase.id, impl, true]));
      });
    });
  }
});
