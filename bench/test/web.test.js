// The benchmark page (bench/web/) in Chromium, in quick mode: describeBenchPage's
// checks, then Chromium's own: the browser in env, the download in the
// schema of bench/results/, loaded results files compared, the portable
// backend (ours-js), and the merkle hasher's, the thread pool's and the
// beyond-as-sha256 cases when asked, each group's chunk fetched only then.
import assert from "node:assert/strict";
import {mkdir, readdir, readFile, writeFile} from "node:fs/promises";
import {join} from "node:path";
import {fileURLToPath} from "node:url";
import {resultsDir} from "../report/results-files.js";
import {formatTime} from "../report/table.js";
import {checkResultsFile} from "../web/src/results-file.js";
import {waitForRun} from "../web/wait-for-run.js";
import {chromiumMissing, collectErrors, launchChromium} from "sha256-simd-support/chromium.js";
import {expectedBeyond} from "./beyond.test.js";
import {committedBuild} from "./committed-build.js";
import {describeBenchPage, positive} from "./page.js";

const screenshotPath = fileURLToPath(new URL("../../test-output/web-bench.png", import.meta.url));
const envKeys = ["runtime", "runtimeVersion", "v8", "cpu", "cores", "platform", "arch", "simd", "date"];
const rowKeys = ["case", "title", "impl", "unit", "nsPerOp", "nsPerOpMedian", "opsPerSec", "ratioVsAsSha256", "ratioVsOurs", "correct", "rounds", "samples", "callsPerSample"];
/** What ?hasher=1 must run, written out here rather than read back from cases-hasher.js. */
const hasherCaseIds = ["hasher-merkleizeBlocksBytes-2^16", "hasher-executeHashComputations-250k"];
const hasherImpls = ["ours-simd", "ours-js", "as-sha256"];
const chunk = (name) => new RegExp(`/chunks/${name}-cases-[^/]*\\.js$`);

describeBenchPage("Chromium", {missing: () => chromiumMissing("web page tests"), launch: launchChromium, runtime: "chromium"}, (opened) => {
  after(async function () {
    if (!opened.page) return;
    await mkdir(join(screenshotPath, ".."), {recursive: true});
    await opened.page.screenshot({path: screenshotPath, fullPage: true});
  });

  /**
   * Loads the page with ?quick=1&query in a new tab and waits for its run;
   * check(tab, results file, URLs the tab fetched) asserts on it, and the tab
   * must raise no errors.
   */
  async function runInOtherTab(query, check) {
    const other = await opened.browser.newPage();
    const otherErrors = collectErrors(other);
    const otherFetched = [];
    other.on("request", (r) => otherFetched.push(r.url()));
    try {
      await other.goto(`${opened.server.url}?quick=1&${query}`);
      await waitForRun(other, 60_000);
      await check(other, await other.evaluate(() => window.benchResults), otherFetched);
      assert.deepEqual(otherErrors, []);
    } finally {
      await other.close();
    }
  }

  it("describes the browser in env", function () {
    const {env} = opened.results;
    assert.equal(env.runtime, "chromium");
    assert.match(env.runtimeVersion, /^\d+\.\d+\.\d+\.\d+$/);
    assert.equal(env.cpu, "Test CPU");
    // Chromium runs on this machine, so it sees Node's platform and architecture.
    assert.equal(env.platform, process.platform);
    assert.equal(env.arch, process.arch);
    assert.equal(env.simd, true);
    assert.equal(env.crossOriginIsolated, true, "the server's COOP/COEP headers should isolate the page");
    assert.ok(env.cores > 0);
    assert.ok(env.timerStepMs > 0 && env.timerStepMs <= 0.02, `performance.now() steps by ${env.timerStepMs} ms`);
    // The worker's import() of the package and first digest: more than a timer step, less than the run.
    assert.ok(env.firstDigestMs >= env.timerStepMs && env.firstDigestMs < 30_000, `firstDigestMs is ${env.firstDigestMs}`);
  });

  it("downloads the results as a file in the schema of bench/results/", async function () {
    const [download] = await Promise.all([opened.page.waitForEvent("download"), opened.page.click("#download")]);
    assert.match(download.suggestedFilename(), /^chromium-[\d.]+_test_\d{4}-\d{2}-\d{2}\.json$/);
    const file = JSON.parse(await readFile(await download.path(), "utf8"));
    assert.equal(file.schema, 2);
    for (const key of envKeys) assert.ok(key in file.env, `env.${key} missing`);
    assert.equal(typeof file.options, "object");
    for (const r of file.results) for (const key of rowKeys) assert.ok(key in r, `${r.case} / ${r.impl}: ${key} missing`);
    assert.deepEqual(file, opened.results);
    const want = committedBuild();
    assert.deepEqual(file.build.wasm, want.wasm);
    assert.match(file.build.commit, new RegExp(`^${want.commit}(-dirty)?$`));
  });

  const headers = () => opened.page.locator("#compare-table th[data-set]").allTextContents();

  it("adds loaded and dropped results files to the comparison", async function () {
    assert.equal((await headers()).length, 1, "this run should be the only column at first");
    const copy = (cpu) => JSON.stringify({...opened.results, env: {...opened.results.env, cpu}});

    const path = join(opened.dir, "other.json");
    await writeFile(path, copy("Test CPU Two"));
    await opened.page.setInputFiles("#load", path);
    await opened.page.waitForFunction(() => document.querySelectorAll("#compare-table th[data-set]").length === 2);
    assert.match((await headers())[1], /Test CPU Two/);

    await opened.page.evaluate((text) => {
      const data = new DataTransfer();
      data.items.add(new File([text], "dropped.json", {type: "application/json"}));
      document.getElementById("drop").dispatchEvent(new DragEvent("drop", {dataTransfer: data, bubbles: true, cancelable: true}));
    }, copy("Test CPU Three"));
    await opened.page.waitForFunction(() => document.querySelectorAll("#compare-table th[data-set]").length === 3);
    assert.match((await headers())[2], /Test CPU Three/);

    const firstRow = await opened.page.locator("#compare-table tbody tr").first().locator("td.ratio").allTextContents();
    assert.equal(firstRow.length, 3);
    assert.ok(firstRow.every((cell) => /^\d+(\.\d+)?×$/.test(cell)), `ratios: ${firstRow}`);
  });

  it("refuses a file that is not a results file, saying why", async function () {
    const path = join(opened.dir, "bad.json");
    await writeFile(path, JSON.stringify({schema: 3, results: []}));
    await opened.page.setInputFiles("#load", path);
    await opened.page.waitForFunction(() => document.querySelector("#notices p"));
    assert.match(await opened.page.locator("#notices p").first().textContent(), /bad\.json: schema is 3, expected 1 or 2/);
    assert.equal((await headers()).length, 3);
  });

  it("lists the results files committed under bench/results/", async function () {
    const names = (await readdir(resultsDir).catch(() => [])).filter((n) => n.endsWith(".json"));
    const committed = [];
    for (const n of names) if (typeof JSON.parse(await readFile(join(resultsDir, n), "utf8")).schema === "number") committed.push(n);
    const boxes = opened.page.locator("#committed input[type=checkbox]");
    assert.equal(await boxes.count(), committed.length);
    if (committed.length === 0) {
      assert.match(await opened.page.locator("#committed").textContent(), /No results files/);
      return;
    }
    const before = (await headers()).length;
    await boxes.first().check();
    await opened.page.waitForFunction((n) => document.querySelectorAll("#compare-table th[data-set]").length === n, before + 1);
    // Removing its column unticks it.
    await opened.page.locator("#compare-table th[data-set]").last().locator("button.remove").click();
    assert.equal((await headers()).length, before);
    assert.equal(await boxes.first().isChecked(), false);
  });

  it("shows this run's speed-ups over as-sha256 for the chosen implementation", async function () {
    for (const impl of ["ours-js", "ours-simd"]) {
      await opened.page.selectOption("#compare-impl", impl);
      const cells = await opened.page.locator("#compare-table tbody tr").evaluateAll((trs) =>
        trs.map((tr) => [tr.dataset.case, tr.querySelector("td.ratio").textContent]),
      );
      assert.equal(cells.length, new Set(opened.results.results.map((r) => r.case)).size);
      for (const [caseId, text] of cells) {
        const want = opened.results.results.find((r) => r.case === caseId && r.impl === impl).ratioVsAsSha256;
        // Shown with 2 decimals below 10x, 1 above.
        assert.ok(Math.abs(parseFloat(text) - want) <= (want >= 10 ? 0.051 : 0.0051), `${impl} ${caseId}: ${text} for ${want}`);
      }
    }
  });

  it("times the portable build on every case, in the worker's one copy of the package", async function () {
    const cases = [...new Set(opened.results.results.map((r) => r.case))];
    assert.deepEqual(opened.results.results.filter((r) => r.impl === "ours-js").map((r) => r.case), cases);
    assert.ok(opened.results.notes.some((n) => n.startsWith("ours-js is sha256-simd on its portable build")), `notes: ${opened.results.notes}`);
    // The backend the worker's package had before any row forced another.
    const env = await opened.page
      .locator("#env")
      .evaluate((dl) => Object.fromEntries([...dl.querySelectorAll("dt")].map((dt) => [dt.textContent, dt.nextElementSibling.textContent])));
    assert.equal(env["sha256-simd backend"], "simd");
    assert.equal(env["sha256-simd import and first digest"], `${formatTime(opened.results.env.firstDigestMs * 1e6)} (worker)`);
  });

  it("runs only the cases and implementations chosen by ?filter and ?impl, with ?rounds", async function () {
    const query = `filter=${encodeURIComponent("^digest64$")}&impl=${encodeURIComponent("^(ours-simd|as-sha256)$")}&rounds=3`;
    await runInOtherTab(query, async (other, {options, results: rows}) => {
      assert.deepEqual(rows.map((r) => `${r.case} ${r.impl}`), ["digest64 ours-simd", "digest64 as-sha256"]);
      assert.equal(options.filter, "^digest64$");
      assert.equal(options.rounds, 3);
      assert.ok(rows.every((r) => r.rounds === 3));
    });
  });

  it("fetches no chunk of the hasher's, the pool's or the beyond-as-sha256 cases unless asked", async function () {
    for (const name of ["hasher", "pool", "beyond"]) {
      assert.equal(await opened.page.isChecked(`#${name}`), false);
      assert.equal(opened.results.options[name], false);
    }
    assert.ok(opened.fetched.some((u) => u.endsWith("/worker.js")), "the worker's requests should be seen");
    assert.deepEqual(opened.fetched.filter((u) => /\/chunks\/(hasher|pool|beyond)-cases-|\/pool-worker\.js$/.test(u)), []);
  });

  it("runs the merkle hasher cases with ?hasher=1, checked against WebCrypto", async function () {
    await runInOtherTab(`hasher=1&filter=${encodeURIComponent("^hasher-")}`, async (other, {options, notes, results: rows}, otherFetched) => {
      assert.equal(await other.isChecked("#hasher"), true);
      assert.equal(options.hasher, true);
      assert.ok(otherFetched.some((u) => chunk("hasher").test(u)), "the hasher cases' chunk should have been fetched");
      assert.ok(notes.some((n) => n.startsWith("hashtree hasher left out")), `notes: ${notes}`);
      assert.deepEqual(
        rows.map((r) => `${r.case} ${r.impl}`),
        hasherCaseIds.flatMap((id) => hasherImpls.map((impl) => `${id} ${impl}`)),
      );
      for (const r of rows) {
        const what = `${r.case} / ${r.impl}`;
        assert.equal(r.correct, true, `${what}: ${r.error ?? "incorrect"}`);
        for (const key of ["nsPerOp", "nsPerOpMedian", "opsPerSec", "ratioVsAsSha256", "ratioVsOurs"]) {
          assert.ok(positive(r[key]), `${what}: ${key} is ${r[key]}`);
        }
        assert.ok(r.samples > 0 && r.rounds > 0, `${what}: no samples`);
      }
      const marks = await other.locator("#run-table td.mark").allTextContents();
      assert.deepEqual(marks, rows.map(() => "✓ correct"));
    });
  });

  it("runs the thread pool cases with ?pool=1 on every thread, checked against WebCrypto", async function () {
    await runInOtherTab(`pool=1&filter=${encodeURIComponent("^pool-hashInto-65536$")}`, async (other, {options, notes, env, results: rows}, otherFetched) => {
      assert.equal(await other.isChecked("#pool"), true);
      assert.equal(options.pool, true);
      assert.ok(otherFetched.some((u) => chunk("pool").test(u)), "the pool cases' chunk should have been fetched");
      // The page is cross-origin isolated (sha256-simd-support/serve.js), so every pool has the threads it asked for.
      const counts = [1, 2, 4, 8, 16].filter((t) => t <= env.cores);
      if (!counts.includes(env.cores)) counts.push(env.cores);
      assert.ok(notes.includes(`sha256-simd/pool: threads asked for and in use: ${counts.map((t) => `${t} -> ${t}`).join(", ")}`), `notes: ${notes}`);
      if (env.cores > 1) assert.ok(otherFetched.some((u) => new URL(u).pathname === "/pool-worker.js"), "the pool's workers should have started");
      assert.deepEqual(
        rows.map((r) => r.impl),
        ["ours-simd", ...counts.map((t) => `pool-${t}`)],
      );
      for (const r of rows) {
        assert.equal(r.case, "pool-hashInto-65536");
        assert.equal(r.correct, true, `${r.impl}: ${r.error ?? "incorrect"}`);
        assert.ok(positive(r.nsPerOp) && r.samples > 0, `${r.impl}: not timed`);
      }
    });
  });

  it("runs the beyond-as-sha256 cases with ?beyond=1, each contender's time over ours in the run's table", async function () {
    await runInOtherTab(`beyond=1&filter=${encodeURIComponent("^beyond-")}`, async (other, doc, otherFetched) => {
      assert.equal(await other.isChecked("#beyond"), true);
      assert.equal(doc.options.beyond, true);
      assert.ok(otherFetched.some((u) => chunk("beyond").test(u)), "the beyond cases' chunk should have been fetched");
      const got = {};
      for (const r of doc.results) (got[r.case] ??= []).push(r.impl);
      assert.deepEqual(got, expectedBeyond(["ours-simd", "ours-js"], "webcrypto", 10000));
      assert.equal(doc.results.find((r) => r.case === "beyond-pbkdf2-10000").title, "pbkdf2 10000 iterations");
      for (const r of doc.results) {
        const what = `${r.case} / ${r.impl}`;
        assert.equal(r.correct, true, `${what}: ${r.error ?? "incorrect"}`);
        for (const key of rowKeys) assert.ok(key in r, `${what}: ${key} missing`);
        for (const key of ["nsPerOp", "nsPerOpMedian", "opsPerSec", "ratioVsOurs"]) assert.ok(positive(r[key]), `${what}: ${key} is ${r[key]}`);
        assert.ok(r.nsPerOp <= r.nsPerOpMedian && r.samples >= r.rounds && r.rounds > 0, what);
        assert.equal(r.ratioVsAsSha256, null, what);
      }
      const cells = await other.locator("#run-table tbody[data-case] tr[data-impl]").evaluateAll((trs) =>
        trs.map((tr) => [tr.closest("tbody").dataset.case, tr.dataset.impl, tr.querySelector("td.vs-ours").textContent]),
      );
      assert.equal(cells.length, doc.results.length);
      for (const [caseId, impl, text] of cells) {
        const want = doc.results.find((r) => r.case === caseId && r.impl === impl).ratioVsOurs;
        assert.ok(Math.abs(parseFloat(text) - want) <= 0.0051 * Math.max(1, want), `${caseId} / ${impl}: ${text} for ${want}`);
      }
      const [download] = await Promise.all([other.waitForEvent("download"), other.click("#download")]);
      const file = JSON.parse(await readFile(await download.path(), "utf8"));
      assert.doesNotThrow(() => checkResultsFile(file));
      assert.deepEqual(file, doc);
    });
  });
});
