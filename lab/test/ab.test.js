// A/B runs (lab/ab.js, saved by lab/ab-report.js), from a short run of this checkout against itself.
// Nothing here asserts a timing.
import assert from "node:assert/strict";
import {execFileSync} from "node:child_process";
import {fileURLToPath} from "node:url";
import {abDocument, abFileName, abTable} from "../ab-report.js";
import {cpuDetails} from "../../bench/report/results-files.js";
import {committedBuild, jsonWritten} from "../../bench/test/quick-run.js";

const root = fileURLToPath(new URL("../..", import.meta.url));

describe("A/B results (lab/ab.js)", function () {
  this.timeout(120000);

  it("names the file by engine, CPU family and model, and date, and gives each row new ÷ old", function () {
    const env = {runtime: "jsc", runtimeVersion: "2.50.6", cpu: "Intel(R) Xeon(R) Processor", cpuFamily: 6, cpuModel: 207, date: "2026-12-03T15:00:00.000Z"};
    assert.equal(abFileName(env), "ab_jsc-2.50.6_intel-xeon-f6m207_2026-12-03.json");
    const row = {id: "digest64", title: "digest64", a: {bestNs: 400, medianNs: 500}, b: {bestNs: 300, medianNs: 600}, pairedRatio: 0.9};
    const doc = abDocument({dirs: [root, root], env, options: {}, rows: [row]});
    assert.deepEqual(doc.rows, [{...row, ratioBest: 0.75, ratioMedian: 1.2}]);
    const again = {...doc, rows: [{...doc.rows[0], pairedRatio: 1.01}]};
    const bun = {...doc, env: {...env, runtime: "bun", runtimeVersion: "1.4.5"}, rows: []};
    assert.equal(
      abTable([doc, bun, again]),
      "| case | jsc 2.50.6, f6m207 | bun 1.4.5, f6m207 |\n| --- | --- | --- |\n| digest64 | 0.900, 1.010 | – |\n",
    );
  });

  it("lab/ab.js --out writes both builds' commits, the machine and the rows it printed", async function () {
    const args = ["lab/ab.js", root, root, "--filter", "^digest64$", "--rounds", "2", "--ms", "5", "--out"];
    const run = (out) => execFileSync(process.execPath, [...args, out], {cwd: root, encoding: "utf8", stdio: ["ignore", "pipe", "ignore"]});
    const {result: printed, doc} = await jsonWritten(run);
    assert.equal(doc.kind, "ab");
    for (const build of [doc.builds.a, doc.builds.b]) assert.match(build.commit, new RegExp(`^${committedBuild().commit}(-dirty)?$`));
    const {cpuFamily, cpuModel} = cpuDetails();
    assert.deepEqual([doc.env.runtime, doc.env.runtimeVersion, doc.env.cpuFamily, doc.env.cpuModel], ["node", process.versions.node, cpuFamily, cpuModel]);
    assert.deepEqual(doc.rows.map((r) => r.id), ["digest64"]);
    const [{a, b, ratioBest, pairedRatio}] = doc.rows;
    assert.equal(ratioBest, b.bestNs / a.bestNs);
    // Round by round: the two builds' times of each round, b over a, and the median of the two rounds' (their mean).
    assert.equal(a.roundsNs.length, 2);
    assert.equal(pairedRatio, (b.roundsNs[0] / a.roundsNs[0] + b.roundsNs[1] / a.roundsNs[1]) / 2);
    assert.match(printed, new RegExp(`\\| digest64 \\|.*\\| ${ratioBest.toFixed(3)} / .* \\| ${pairedRatio.toFixed(3)} \\|`));
  });
});
