// The benchmark page (bench/web/) in quick mode, for any browser: it loads,
// finishes, times every case of bench/cases/cases.js, finds every
// implementation's output correct against WebCrypto, and names the browser in
// its results.
// A browser's test file supplies how to open it, as for test/browser/browser-checks.js;
// web.test.js adds Chromium's checks of the page's controls.
import assert from "node:assert/strict";
import {mkdtemp, rm} from "node:fs/promises";
import {tmpdir} from "node:os";
import {join} from "node:path";
import * as asSha256 from "@chainsafe/as-sha256";
import * as ours from "sha256-simd";
import {makeCases} from "../cases/cases.js";
import {build} from "../web/build.js";
import {waitForRun} from "../web/wait-for-run.js";
import {openPage} from "sha256-simd-support/open-page.js";
import {startServer} from "sha256-simd-support/serve.js";

/**
 * @param {string} browserName  e.g. "Firefox ESR"
 * @param {object} driver  as for describeBrowserChecks, plus
 * @param {string} driver.runtime  the name the page gives the browser in env.runtime
 * @param {boolean} [driver.simd]  whether the browser has wasm SIMD
 */
export function describeBenchPage(browserName, {missing, launch, runtime, simd = true}) {
  describe(`the benchmark page in ${browserName} (quick mode)`, function () {
    let dir, server, opened, page, errors, results;

    before(async function () {
      const reason = await missing();
      if (reason) {
        console.warn(`      ${reason}`);
        this.skip();
      }
      dir = await mkdtemp(join(tmpdir(), "sha256-simd-page-"));
      await build({outDir: dir});
      server = await startServer({dir});
      opened = await openPage(launch, `${server.url}?quick=1&cpu=Test+CPU`);
      ({page, errors} = opened);
      await waitForRun(page, 150_000);
      results = await page.evaluate(() => window.benchResults);
    });

    after(async function () {
      await opened?.close();
      await server?.close();
      if (dir) await rm(dir, {recursive: true, force: true});
    });

    it("runs every case of bench/cases/cases.js", async function () {
      const cases = await makeCases({ours, asSha256});
      assert.deepEqual([...new Set(results.results.map((r) => r.case))], cases.map((c) => c.id));
    });

    it("times every implementation, each found correct against WebCrypto", function () {
      const impls = ["ours-js", "as-sha256", "hash-wasm", "noble", "webcrypto", ...(simd ? ["ours-simd"] : [])];
      for (const impl of impls) assert.ok(results.results.some((r) => r.impl === impl), `no results for ${impl}`);
      for (const r of results.results) {
        const what = `${r.case} / ${r.impl}`;
        assert.equal(r.correct, true, `${what}: ${r.error ?? "incorrect"}`);
        assert.ok(Number.isFinite(r.nsPerOp) && r.nsPerOp > 0, `${what}: nsPerOp is ${r.nsPerOp}`);
      }
    });

    it(`names ${browserName} in env, with the time the worker took to import the package and digest`, function () {
      assert.equal(results.env.runtime, runtime);
      assert.equal(results.env.cpu, "Test CPU");
      assert.equal(results.env.simd, simd);
      assert.ok(results.env.firstDigestMs > 0 && results.env.firstDigestMs < 30_000, `firstDigestMs is ${results.env.firstDigestMs}`);
    });

    it("raised no page errors", function () {
      // Classic WebDriver (the WebKit browsers) reports no page events; there
      // the run reaching "done" is what says the page ran without failing.
      if (!page.on) this.skip();
      assert.deepEqual(errors, []);
    });
  });
}
