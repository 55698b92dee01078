// The benchmark page's beyond-as-sha256 cases (bench/cases/cases-beyond.js) in
// Chromium, in quick mode: ?beyond=1 fetches their chunk and runs HMAC, HKDF,
// PBKDF2, digestParts and digestMany for ours, noble and WebCrypto, every
// contender checked against WebCrypto before it is timed; the run's table
// shows each one's time over ours, and the results file holds their rows in
// the schema of bench/results/. Without ?beyond=1 their chunk is never fetched.
import assert from "node:assert/strict";
import {readFile} from "node:fs/promises";
import {checkResultsFile} from "../web/src/results-file.js";
import {waitForRun} from "../web/wait-for-run.js";
import {chromiumMissing, collectErrors} from "sha256-simd-support/chromium.js";
import {openQuickPage} from "./quick-page.js";

const beyondChunk = /\/chunks\/beyond-cases-[^/]*\.js$/;
/** The keys web.test.js asks of every row, with title and unit. */
const rowKeys = [
  ...["case", "title", "impl", "unit", "nsPerOp", "nsPerOpMedian", "opsPerSec"],
  ...["ratioVsAsSha256", "ratioVsOurs", "correct", "rounds", "samples", "callsPerSample"],
];
const positive = (x) => Number.isFinite(x) && x > 0;

/** What ?beyond=1 must run, case id -> contenders, written out here rather than read back from cases-beyond.js. */
const ours = ["ours-simd", "ours-js"];
const expected = {
  "beyond-hmac-64": [...ours, "ours-one-shot", "noble", "webcrypto"],
  "beyond-hmac-256": [...ours, "ours-one-shot", "noble", "webcrypto"],
  "beyond-hkdf-96": [...ours, "noble", "webcrypto"],
  "beyond-pbkdf2-10000": [...ours, "noble", "webcrypto"],
  "beyond-digestMany-64x1KiB": [...ours, "ours-digest-loop", "noble", "webcrypto"],
  "beyond-digestMany-256x100-600B": [...ours, "ours-digest-loop", "noble", "webcrypto"],
  "beyond-digestParts-4": [...ours, "ours-digest-joined", "noble", "webcrypto"],
};

describe("the benchmark page's beyond-as-sha256 cases in Chromium (?beyond=1, quick mode)", function () {
  let opened, server, browser, page, errors, results, fetched;

  before(async function () {
    const missing = chromiumMissing("web page tests");
    if (missing) {
      console.warn(`      ${missing}`);
      this.skip();
    }
    opened = await openQuickPage(`quick=1&beyond=1&filter=${encodeURIComponent("^beyond-")}&cpu=Test+CPU`, "sha256-simd-web-beyond-");
    ({server, browser, page, errors, results, fetched} = opened);
  });

  after(async function () {
    await opened?.close();
  });

  it("ticks the checkbox and fetches the cases' chunk", async function () {
    assert.equal(await page.isChecked("#beyond"), true);
    assert.equal(results.options.beyond, true);
    assert.ok(fetched.some((u) => beyondChunk.test(u)), "the beyond cases' chunk should have been fetched");
  });

  it("runs every case for ours, its variants, noble and WebCrypto, PBKDF2 at 10000 iterations", function () {
    const got = {};
    for (const r of results.results) (got[r.case] ??= []).push(r.impl);
    assert.deepEqual(got, expected);
    assert.equal(results.results.find((r) => r.case === "beyond-pbkdf2-10000").title, "pbkdf2 10000 iterations");
  });

  it("marks every contender correct against WebCrypto, and times it", async function () {
    for (const r of results.results) {
      const what = `${r.case} / ${r.impl}`;
      assert.equal(r.correct, true, `${what}: ${r.error ?? "incorrect"}`);
      for (const key of rowKeys) assert.ok(key in r, `${what}: ${key} missing`);
      for (const key of ["nsPerOp", "nsPerOpMedian", "opsPerSec", "ratioVsOurs"]) assert.ok(positive(r[key]), `${what}: ${key} is ${r[key]}`);
      assert.ok(r.nsPerOp <= r.nsPerOpMedian, `${what}: best above median`);
      assert.equal(r.ratioVsAsSha256, null, what);
      assert.ok(r.rounds > 0 && r.samples >= r.rounds, `${what}: ${r.rounds} rounds, ${r.samples} samples`);
      if (r.impl === "ours-simd") assert.equal(r.ratioVsOurs, 1, what);
    }
    const marks = await page.locator("#run-table td.mark").allTextContents();
    assert.deepEqual(marks, results.results.map(() => "✓ correct"));
  });

  it("shows each contender's time over ours in the run's table", async function () {
    const cells = await page.locator("#run-table tbody[data-case] tr[data-impl]").evaluateAll((trs) =>
      trs.map((tr) => [tr.closest("tbody").dataset.case, tr.dataset.impl, tr.querySelector("td.vs-ours").textContent]),
    );
    assert.equal(cells.length, results.results.length);
    for (const [caseId, impl, text] of cells) {
      const want = results.results.find((r) => r.case === caseId && r.impl === impl).ratioVsOurs;
      assert.ok(Math.abs(parseFloat(text) - want) <= 0.0051 * Math.max(1, want), `${caseId} / ${impl}: ${text} for ${want}`);
    }
  });

  it("downloads them in a results file of the schema of bench/results/", async function () {
    const [download] = await Promise.all([page.waitForEvent("download"), page.click("#download")]);
    const file = JSON.parse(await readFile(await download.path(), "utf8"));
    assert.equal(file.schema, 2);
    assert.doesNotThrow(() => checkResultsFile(file));
    assert.deepEqual(file, results);
  });

  it("does not fetch their chunk unless asked", async function () {
    const other = await browser.newPage();
    const otherErrors = collectErrors(other);
    const otherFetched = [];
    other.on("request", (r) => otherFetched.push(r.url()));
    try {
      await other.goto(`${server.url}?quick=1&filter=${encodeURIComponent("^digest64$")}`);
      await waitForRun(other, 60_000);
      const doc = await other.evaluate(() => window.benchResults);
      assert.equal(await other.isChecked("#beyond"), false);
      assert.equal(doc.options.beyond, false);
      assert.ok(otherFetched.some((u) => u.endsWith("/worker.js")), "the worker's requests should be seen");
      assert.deepEqual(otherFetched.filter((u) => beyondChunk.test(u)), []);
      assert.deepEqual(doc.results.filter((r) => r.case.startsWith("beyond-")), []);
      assert.deepEqual(otherErrors, []);
    } finally {
      await other.close();
    }
  });

  it("raised no page errors", function () {
    assert.deepEqual(errors, []);
  });
});

