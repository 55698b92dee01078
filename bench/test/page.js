// The benchmark page (bench/web/) in quick mode, for any browser, opened by
// openBenchPage: describeBenchPage's checks, which every browser's test file
// runs, and the browser's own (`more`, given the opened page).
import assert from "node:assert/strict";
import * as asSha256 from "@chainsafe/as-sha256";
import * as ours from "sha256-simd";
import {makeCases} from "../cases/cases.js";
import {fewCases, openBenchPage} from "../web/open-bench-page.js";
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

/** A quick run of the page's few cases. */
export const fewQuery = `quick=1&cpu=Test+CPU&filter=${encodeURIComponent(fewCases)}`;

/**
 * Asserts, after a run of fewQuery (`rows`), that the page at its present
 * size fits its screen: nothing, no speed-up above all, lies beyond its
 * width, the browser's name takes one line and the user agent at most 4,
 * and the run's chart stops at 20×, writing the value of each bar past it.
 * Returns the page's width.
 */
export async function assertFitsScreen(page, rows) {
  const got = await page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const outside = [...document.querySelectorAll("body *")].filter((el) => el.offsetWidth && (el.getBoundingClientRect().left < -0.5 || el.getBoundingClientRect().right > width + 0.5));
    const lines = (dd) => Math.round(dd.getBoundingClientRect().height / parseFloat(getComputedStyle(dd).lineHeight));
    const [browser, userAgent] = [...document.querySelectorAll("#env dd")].map(lines);
    const capped = [...document.querySelectorAll("#run-chart .bar")].filter((bar) => bar.textContent).length;
    const top = parseFloat(document.querySelector("#run-chart .axis span:last-child").textContent);
    return {width, scrollWidth: document.documentElement.scrollWidth, outside: outside.map((el) => el.outerHTML.slice(0, 80)), speedUps: document.querySelectorAll("td.ratio, td.vs-ours").length, browser, userAgent, capped, top};
  });
  assert.deepEqual({...got, outside: got.outside.length}, {...got, scrollWidth: got.width, outside: 0, browser: 1, userAgent: Math.min(got.userAgent, 4), top: 20}, got.outside.join("\n"));
  assert.ok(got.speedUps >= rows.length, `${got.speedUps} speed-ups on screen for ${rows.length} rows`);
  const outliers = rows.filter((r) => r.impl !== "as-sha256" && r.ratioVsAsSha256 > 20);
  assert.ok(outliers.length > 0 && got.capped === outliers.length, `${got.capped} values written past 20× for ${outliers.length} speed-ups`);
  return got.width;
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
