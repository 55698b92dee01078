// The benchmark page (bench/web/) in Chromium, in quick mode: describeBenchPage's
// checks, then Chromium's own: the browser in env, the download in the
// schema of bench/results/, loaded results files compared, the portable
// backend (ours-js), and the merkle hasher's, the thread pool's and the
// beyond-as-sha256 cases when asked, each group's chunk fetched only then.
import assert from "node:assert/strict";
import {readFile, writeFile} from "node:fs/promises";
import {join} from "node:path";
import {fileURLToPath} from "node:url";
import {threadCounts} from "../cases/cases-pool.js";
import {readResults} from "../report/results-files.js";
import {formatTime} from "../report/table.js";
import {checkResultsFile} from "../web/src/results-file.js";
import {openTab, phone} from "../web/open-bench-page.js";
import {chromiumMissing, launchChromium} from "sha256-simd-support/chromium.js";
import {expectedBeyond} from "./beyond.test.js";
import {assertFitsScreen, assertTimed, describeBenchPage, fewQuery} from "./page.js";
import {committedBuild} from "./quick-run.js";

const screenshotPath = fileURLToPath(new URL("../../test-output/web-bench.png", import.meta.url));
const envKeys = ["runtime", "runtimeVersion", "v8", "cpu", "cores", "platform", "arch", "simd", "date"];
const rowKeys = ["case", "title", "impl", "unit", "nsPerOp", "nsPerOpMedian", "opsPerSec", "ratioVsAsSha256", "ratioVsOurs", "correct",
  "rounds", "samples", "callsPerSample"];
/** What ?hasher=1 must run, written out here rather than read back from cases-hasher.js. */
const hasherCaseIds = ["hasher-merkleizeBlocksBytes-2^16", "hasher-executeHashComputations-250k"];
const hasherImpls = ["ours-simd", "ours-js", "as-sha256"];
const chunk = (name) => new RegExp(`/chunks/${name}-cases-[^/]*\\.js$`);

describeBenchPage("Chromium", {missing: () => chromiumMissing("web page tests"), launch: launchChromium, runtime: "chromium"}, (opened) => {
  after(async function () {
    // Playwright makes the screenshot's folder where missing.
    if (opened.page) await opened.page.screenshot({path: screenshotPath, fullPage: true});
  });

  /**
   * Loads the page with ?quick=1&query in a new tab and waits for its run;
   * check(tab, results file, URLs the tab fetched) asserts on it, and the tab
   * must raise no errors. A query that asks for a group of cases (?hasher=1,
   * ?pool=1, ?beyond=1) must tick its box and fetch its chunk.
   */
  async function runInOtherTab(query, check) {
    const tab = await openTab(opened.browser, `${opened.server.url}?quick=1&${query}`, 60_000);
    try {
      const group = /^(hasher|pool|beyond)=1&/.exec(query)?.[1];
      if (group) {
        assert.equal(await tab.page.isChecked(`#${group}`), true);
        assert.equal(tab.results.options[group], true);
        assert.ok(tab.fetched.some((u) => chunk(group).test(u)), `the ${group} cases' chunk should have been fetched`);
      }
      await check(tab.page, tab.results, tab.fetched);
      assert.deepEqual(tab.errors, []);
    } finally {
      await tab.page.close();
    }
  }

  it("describes the browser in env", function () {
    // describeBenchPage checks the runtime, the CPU and SIMD; the client hints give Chromium's full version.
    const {env} = opened.results;
    assert.match(env.runtimeVersion, /^\d+\.\d+\.\d+\.\d+$/);
    // Chromium runs on this machine, so it sees Node's platform and architecture.
    assert.equal(env.platform, process.platform);
    assert.equal(env.arch, process.arch);
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
    // Loaded back, it is this run's column, not a second one.
    await opened.page.setInputFiles("#load", await download.path());
    await opened.page.waitForFunction(() => !document.getElementById("load").value);
    assert.equal(await opened.page.locator("#compare-table th[data-set]").count(), 1);
  });

  const headers = () => opened.page.locator("#compare-table th[data-set]").allTextContents();
  const waitForColumns = (n) => opened.page.waitForFunction((n) => document.querySelectorAll("#compare-table th[data-set]").length === n, n);

  it("adds loaded and dropped results files to the comparison", async function () {
    assert.equal((await headers()).length, 1, "this run should be the only column at first");
    const copy = (cpu) => JSON.stringify({...opened.results, env: {...opened.results.env, cpu}});

    const path = join(opened.dir, "other.json");
    await writeFile(path, copy("Test CPU Two"));
    await opened.page.setInputFiles("#load", path);
    await waitForColumns(2);
    assert.match((await headers())[1], /Test CPU Two/);

    await opened.page.evaluate((text) => {
      const data = new DataTransfer();
      data.items.add(new File([text], "dropped.json", {type: "application/json"}));
      document.getElementById("drop").dispatchEvent(new DragEvent("drop", {dataTransfer: data, bubbles: true, cancelable: true}));
    }, copy("Test CPU Three"));
    await waitForColumns(3);
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
    assert.match(await opened.page.locator("#notices p").first().textContent(), /bad\.json: its schema is 3, and this page reads schemas 1 and 2\.$/);
    assert.equal((await headers()).length, 3);
  });

  it("lists the results files committed under bench/results/", async function () {
    const committed = readResults().filter(({doc}) => typeof doc.schema === "number");
    const boxes = opened.page.locator("#committed input[type=checkbox]");
    assert.equal(await boxes.count(), committed.length);
    if (committed.length === 0) {
      assert.match(await opened.page.locator("#committed").textContent(), /No results files/);
      return;
    }
    // Filtered, only the CPUs' groups that have a file of Firefox show.
    await opened.page.fill("#committed input[type=search]", "firefox");
    const shown = await opened.page.locator("#committed > ul > li:visible").allTextContents();
    assert.ok(shown.length > 0 && shown.every((text) => text.includes("firefox")), `shown: ${shown}`);
    await opened.page.fill("#committed input[type=search]", "");
    const before = (await headers()).length;
    await boxes.first().check();
    await waitForColumns(before + 1);
    // Removing its column unticks it.
    await opened.page.locator("#compare-table th[data-set]").last().locator("button.remove").click();
    assert.equal((await headers()).length, before);
    assert.equal(await boxes.first().isChecked(), false);
  });

  /** Asserts that `page`'s comparison shows this run's speed-ups for each implementation chosen, to 2 decimals (1 from 10×), within the 4 figures of a link's times. */
  async function assertSpeedUps(page) {
    for (const impl of ["ours-js", "ours-simd"]) {
      await page.selectOption("#compare-impl", impl);
      const cells = await page.$$eval("#compare-table tbody tr", (trs) => trs.map((tr) => [tr.dataset.case, tr.querySelector("td.ratio").textContent]));
      assert.equal(cells.length, new Set(opened.results.results.map((r) => r.case)).size);
      for (const [caseId, text] of cells) {
        const want = opened.results.results.find((r) => r.case === caseId && r.impl === impl).ratioVsAsSha256;
        assert.ok(Math.abs(parseFloat(text) - want) <= want * 0.001 + (want >= 10 ? 0.051 : 0.0051), `${impl} ${caseId}: ${text} for ${want}`);
      }
    }
  }

  it("shows this run's speed-ups over as-sha256 for the chosen implementation", () => assertSpeedUps(opened.page));

  for (const screen of [phone, {...phone, viewport: {width: 360, height: 800}}, {viewport: {width: 1280, height: 800}}]) {
    const {width, height} = screen.viewport;
    it(`fits a ${width}×${height} screen${screen.isMobile ? " as a phone" : ""}: every speed-up on it, the outliers capped in the chart`, async function () {
      const tab = await openTab(opened.browser, `${opened.server.url}?${fewQuery}`, 60_000, screen);
      try {
        assert.equal(await assertFitsScreen(tab.page, tab.results.results), width);
        // A phone gets a card per row, a desktop keeps its table.
        assert.equal(await tab.page.locator("#run-table thead").isVisible(), !screen.isMobile);
      } finally {
        await tab.page.close();
      }
    });
  }

  it("shares this run by a link that another page load shows and keeps after a reload, and refuses a damaged one", async function () {
    await opened.page.click("#share");
    await opened.page.locator("#share-link").waitFor();
    const link = await opened.page.locator("#share-link").getAttribute("href");
    assert.ok(link.length <= 2000, `a quick run's link has ${link.length} characters`);
    const other = await opened.browser.newPage();
    try {
      await other.goto(link.slice(0, -12));
      await other.waitForFunction(() => document.querySelector("#notices p"));
      assert.equal(await other.locator("#notices p").textContent(), "Could not load the shared link: it is damaged: its data does not unpack.");
      assert.equal(await other.locator("#compare-table th[data-set]").count(), 0);
      assert.ok((await other.locator("#compare-impl option").count()) > 1, "the implementation menu should be filled from the start");
      // The last load has no fragment: the run comes back from what the page kept.
      for (const url of [link, opened.server.url]) {
        await other.goto(url);
        await other.waitForFunction(() => document.querySelectorAll("#compare-table td.ratio").length > 0);
        assert.match(await other.locator("#compare-table th[data-set]").textContent(), /^chromium \d+ · Test CPU · [\d-]+ · quick run/);
        await assertSpeedUps(other);
      }
    } finally {
      await other.close();
    }
  });

  it("times the portable build on every case, in the worker's one copy of the package", async function () {
    const cases = [...new Set(opened.results.results.map((r) => r.case))];
    assert.deepEqual(opened.results.results.filter((r) => r.impl === "ours-js").map((r) => r.case), cases);
    assert.ok(opened.results.notes.some((n) => n.startsWith("ours-js is sha256-simd on its portable build")), `notes: ${opened.results.notes}`);
    // The backend the worker's package had before any row forced another.
    const env = await opened.page.$$eval("#env dt", (dts) => Object.fromEntries(dts.map((dt) => [dt.textContent, dt.nextElementSibling.textContent])));
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
    await runInOtherTab(`hasher=1&filter=${encodeURIComponent("^hasher-")}`, async (other, {notes, options, results: rows}) => {
      assert.ok(notes.some((n) => n.startsWith("hashtree hasher left out")), `notes: ${notes}`);
      const want = hasherCaseIds.flatMap((id) => hasherImpls.map((impl) => `${id} ${impl}`));
      assert.deepEqual(rows.map((r) => `${r.case} ${r.impl}`), want);
      await assertTimed(other, rows, options);
    });
  });

  it("runs the thread pool cases with ?pool=1 on every thread, checked against WebCrypto", async function () {
    await runInOtherTab(`pool=1&filter=${encodeURIComponent("^pool-hashInto-65536$")}`, async (other, {notes, env, options, results: rows}, otherFetched) => {
      // The page is cross-origin isolated (sha256-simd-support/serve.js), so every pool has the threads it asked for.
      const counts = threadCounts(env.cores);
      assert.ok(notes.includes(`sha256-simd/pool: threads asked for and in use: ${counts.map((t) => `${t} -> ${t}`).join(", ")}`), `notes: ${notes}`);
      if (env.cores > 1) assert.ok(otherFetched.some((u) => new URL(u).pathname === "/pool-worker.js"), "the pool's workers should have started");
      const impls = ["ours-simd", ...counts.map((t) => `pool-${t}`)];
      assert.deepEqual(rows.map((r) => `${r.case} ${r.impl}`), impls.map((impl) => `pool-hashInto-65536 ${impl}`));
      await assertTimed(other, rows, options);
    });
  });

  it("runs the beyond-as-sha256 cases with ?beyond=1, each contender's time over ours in the run's table", async function () {
    await runInOtherTab(`beyond=1&filter=${encodeURIComponent("^beyond-")}`, async (other, doc) => {
      const got = {};
      for (const r of doc.results) (got[r.case] ??= []).push(r.impl);
      assert.deepEqual(got, expectedBeyond(["ours-simd", "ours-js"], "webcrypto", 10000));
      assert.equal(doc.results.find((r) => r.case === "beyond-pbkdf2-10000").title, "pbkdf2 10000 iterations");
      // No as-sha256 here, so no ratio over it (null).
      await assertTimed(other, doc.results, doc.options);
      for (const r of doc.results) for (const key of rowKeys) assert.ok(key in r, `${r.case} / ${r.impl}: ${key} missing`);
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
