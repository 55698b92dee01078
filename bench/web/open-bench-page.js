// The benchmark page built into a temporary folder, served, opened in a
// browser and its run waited for: shared by the headless runner and the
// page's tests.
import {mkdtemp, rm} from "node:fs/promises";
import {tmpdir} from "node:os";
import {join} from "node:path";
import {collectErrors} from "sha256-simd-support/chromium.js";
import {startServer} from "sha256-simd-support/serve.js";
import {build} from "./build.js";

/** A phone's screen in playwright's words, as the tests and the screenshots (make screenshots) emulate it. */
export const phone = {viewport: {width: 390, height: 844}, deviceScaleFactor: 2, isMobile: true, hasTouch: true};
/** A single message, a batch, a stream and the constructor, whose speed-up over as-sha256 is the outlier: the page in a few seconds. */
export const fewCases = "^(digest64|hashInto-64|digest-1 KiB|SHA256-new)$";

/**
 * Waits until the benchmark page's run has finished: resolves when
 * <html data-state> becomes "done", throws with the page's message on "error".
 * It polls with page.evaluate, which playwright and puppeteer call alike
 * (their waitForFunction take their arguments in different orders).
 */
export async function waitForRun(page, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  let state;
  while (!["done", "error"].includes((state = await page.evaluate(() => document.documentElement.dataset.state)))) {
    if (Date.now() > deadline) throw new Error(`the benchmark run did not finish in ${timeoutMs} ms (state: ${state})`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  if (state !== "done") throw new Error(`the benchmark run failed: ${await page.evaluate(() => window.benchError)}`);
}

/**
 * Opens url in a new page of `browser` and waits for the run. Resolves to
 * {page, errors, fetched, results}: `errors` the page's and `fetched` every URL
 * the page and its worker fetch, where the driver reports them; `results` the
 * run's results file. pageOptions: playwright's, e.g. a viewport.
 */
export async function openTab(browser, url, timeoutMs, pageOptions) {
  const page = await browser.newPage(pageOptions);
  // Classic WebDriver (the WebKit browsers) reports no page events: there the run reaching "done" says the page did not fail.
  const tab = {page, errors: page.on ? collectErrors(page) : [], fetched: []};
  page.on?.("request", (r) => tab.fetched.push(r.url()));
  await page.goto(url);
  await waitForRun(page, timeoutMs);
  tab.results = await page.evaluate(() => window.benchResults);
  return tab;
}

/**
 * Opens the page with `query` in a browser from `launch`, as openTab: resolves
 * to openTab's fields and {dir, server, browser, close}.
 */
export async function openBenchPage(launch, query, timeoutMs, pageOptions) {
  const opened = {dir: await mkdtemp(join(tmpdir(), "sha256-simd-page-"))};
  opened.close = async () => {
    await opened.browser?.close();
    await opened.server?.close();
    await rm(opened.dir, {recursive: true, force: true});
  };
  try {
    await build({outDir: join(opened.dir, "site")});
    opened.server = await startServer({dir: join(opened.dir, "site")});
    opened.browser = await launch();
    return Object.assign(opened, await openTab(opened.browser, `${opened.server.url}?${query}`, timeoutMs, pageOptions));
  } catch (e) {
    await opened.close();
    throw e;
  }
}
