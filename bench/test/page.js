// The benchmark page (bench/web/) in quick mode, for any browser: built into a
// temporary folder, served, opened with a query and its run waited for; then
// describeBenchPage's checks, which every browser's test file runs, and the
// browser's own (`more`, given the opened page).
import assert from "node:assert/strict";
import {mkdtemp, rm} from "node:fs/promises";
import {tmpdir} from "node:os";
import {join} from "node:path";
import * as asSha256 from "@chainsafe/as-sha256";
import * as ours from "sha256-simd";
import {makeCases} from "../cases/cases.js";
import {build} from "../web/build.js";
import {waitForRun} from "../web/wait-for-run.js";
import {collectErrors} from "sha256-simd-support/chromium.js";
import {startServer} from "sha256-simd-support/serve.js";

export const positive = (x) => Number.isFinite(x) && x > 0;

/** {dir, server, browser, page, errors, fetched, results, close}: `fetched` every URL the page and its worker fetch, where the driver reports them. */
export async function openBenchPage(launch, query) {
  const opened = {dir: await mkdtemp(join(tmpdir(), "sha256-simd-page-")), fetched: []};
  opened.close = async () => {
    await opened.browser?.close();
    await opened.server?.close();
    await rm(opened.dir, {recursive: true, force: true});
  };
  try {
    await build({outDir: join(opened.dir, "site")});
    opened.server = await startServer({dir: join(opened.dir, "site")});
    opened.browser = await launch();
    const page = (opened.page = await opened.browser.newPage());
    // Classic WebDriver (the WebKit browsers) reports no page events: there the run reaching "done" says the page did not fail.
    opened.errors = page.on ? collectErrors(page) : [];
    page.on?.("request", (r) => opened.fetched.push(r.url()));
    await page.goto(`${opened.server.url}?${query}`);
    await waitForRun(page, 150_000);
    opened.results = await page.evaluate(() => window.benchResults);
    return opened;
  } catch (e) {
    await opened.close();
    throw e;
  }
}

/**
 * @param {string} browserName  e.g. "Firefox ESR"
 * @param {{missing: () => string | null, launch: Function, runtime: string, simd?: boolean}} driver
 *   runtime: the name the page gives the browser in env.runtime
 * @param {(opened: object) => void} [more]  registers the browser's own checks; `opened` is filled in before they run
 */
export function describeBenchPage(browserName, {missing, launch, runtime, simd = true}, more = () => {}) {
  describe(`the benchmark page in ${browserName} (quick mode)`, function () {
    const opened = {};

    before(async function () {
      const reason = await missing();
      if (reason) {
        console.warn(`      ${reason}`);
        this.skip();
      }
      Object.assign(opened, await openBenchPage(launch, "quick=1&cpu=Test+CPU"));
    });

    it("runs every case of bench/cases/cases.js", async function () {
      const cases = await makeCases({ours, asSha256});
      assert.deepEqual([...new Set(opened.results.results.map((r) => r.case))], cases.map((c) => c.id));
    });

    it("times every implementation, each found correct against WebCrypto, with finite positive figures", async function () {
      const {results} = opened.results;
      for (const impl of ["ours-js", "as-sha256", "hash-wasm", "noble", "webcrypto", ...(simd ? ["ours-simd"] : [])]) {
        assert.ok(results.some((r) => r.impl === impl), `no results for ${impl}`);
      }
      for (const r of results) {
        const what = `${r.case} / ${r.impl}`;
        assert.equal(r.correct, true, `${what}: ${r.error ?? "incorrect"}`);
        for (const key of ["nsPerOp", "nsPerOpMedian", "opsPerSec", "ratioVsAsSha256"]) assert.ok(positive(r[key]), `${what}: ${key} is ${r[key]}`);
        if ("mbPerSec" in r) assert.ok(positive(r.mbPerSec), `${what}: mbPerSec is ${r.mbPerSec}`);
        assert.ok(r.samples > 0 && r.rounds > 0, `${what}: no samples`);
      }
      const marks = await opened.page.evaluate(() => [...document.querySelectorAll("#run-table td.mark")].map((td) => td.textContent));
      assert.deepEqual(marks, results.map(() => "✓ correct"));
    });

    it(`names ${browserName} in env, with the time the worker took to import the package and digest`, function () {
      const {env} = opened.results;
      assert.equal(env.runtime, runtime);
      assert.equal(env.cpu, "Test CPU");
      assert.equal(env.simd, simd);
      assert.ok(env.firstDigestMs > 0 && env.firstDigestMs < 30_000, `firstDigestMs is ${env.firstDigestMs}`);
    });

    more(opened);
    after(() => opened.close?.());

    it("raised no page errors", function () {
      if (!opened.page.on) this.skip();
      assert.deepEqual(opened.errors, []);
    });
  });
}
