// The benchmark page (bench/web/) in quick mode, for any browser, opened by
// openBenchPage: describeBenchPage's checks, which every browser's test file
// runs, and the browser's own (`more`, given the opened page).
import assert from "node:assert/strict";
import * as asSha256 from "@chainsafe/as-sha256";
import * as ours from "sha256-simd";
import {makeCases} from "../cases/cases.js";
import {openBenchPage} from "../web/open-bench-page.js";
import {assertCorrectAndTimed} from "./quick-run.js";

/**
 * Asserts quick-run.js's checks of every row (found correct, here against
 * WebCrypto, and timed over `options.rounds` rounds), and that the run's
 * table marks each so.
 */
export async function assertTimed(page, rows, options) {
  assertCorrectAndTimed(rows, options);
  // page.evaluate, as classic WebDriver has no locators.
  const marks = await page.evaluate(() => [...document.querySelectorAll("#run-table td.mark")].map((td) => td.textContent));
  assert.deepEqual(marks, rows.map(() => "✓ correct"));
}

/**
 * @param {string} browserName  e.g. "Firefox ESR"
 * @param {{missing: () => string | null, launch: Function, runtime: string}} driver
 *   runtime: the name the page gives the browser in env.runtime
 * @param {(opened: object) => void} [more]  registers the browser's own checks; `opened` is filled in before they run
 */
export function describeBenchPage(browserName, {missing, launch, runtime}, more = () => {}) {
  describe(`the benchmark page in ${browserName} (quick mode)`, function () {
    const opened = {};

    before(async function () {
      const reason = await missing();
      if (reason) {
        console.warn(`      ${reason}`);
        this.skip();
      }
      Object.assign(opened, await openBenchPage(launch, "quick=1&cpu=Test+CPU", 150_000));
    });

    it("runs every case of bench/cases/cases.js", async function () {
      const cases = await makeCases({ours, asSha256});
      assert.deepEqual([...new Set(opened.results.results.map((r) => r.case))], cases.map((c) => c.id));
    });

    it("times every implementation, each found correct against WebCrypto, with finite positive figures", async function () {
      const {results} = opened.results;
      for (const impl of ["ours-simd", "ours-js", "as-sha256", "hash-wasm", "noble", "webcrypto"]) {
        assert.ok(results.some((r) => r.impl === impl), `no results for ${impl}`);
      }
      await assertTimed(opened.page, results, opened.results.options);
    });

    it(`names ${browserName} in env, with the time the worker took to import the package and digest`, function () {
      const {env} = opened.results;
      assert.equal(env.runtime, runtime);
      assert.equal(env.cpu, "Test CPU");
      assert.equal(env.simd, true);
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
