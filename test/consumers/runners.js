// How each kind of consumer's build is run and checked, for run.js: each
// runner takes {dir, out, page, config} and resolves to {problems, pool},
// pool being what the "everything" page's pool got ("2 threads", or 1 and why).
import {launchChromium, collectErrors} from "../support/chromium.js";
import {startServer} from "../support/serve.js";

/** What the pool column says, and the problems with it, from a check's {threads, noThreads}. */
function poolOutcome(result, config) {
  const pool = result.threads > 1 ? `${result.threads} threads` : `1 thread (${result.noThreads ?? "no reason given"})`;
  const problems = config.pool !== "none" && result.threads !== 2 ? [`the pool has ${pool}, not 2 threads`] : [];
  return {pool, problems};
}

/** The build's index.html on a cross-origin isolated page in headless Chromium. */
async function chromium({out, page, config}) {
  const server = await startServer({dir: out, isolate: true});
  const browser = await launchChromium();
  try {
    const tab = await browser.newPage();
    const errors = collectErrors(tab);
    // A page without an icon: the browser's request for one is no error of the build.
    await tab.route("**/favicon.ico", (route) => route.fulfill({status: 204}));
    await tab.goto(server.url);
    await tab.waitForFunction(() => globalThis.consumerResult !== undefined, null, {timeout: 60000});
    const result = await tab.evaluate(() => globalThis.consumerResult);
    const problems = [...errors, ...result.problems];
    if (page !== "all") return {problems};
    if (result.backend !== "simd") problems.push(`backend ${result.backend}, not simd`);
    const pool = poolOutcome(result, config);
    return {problems: [...problems, ...pool.problems], pool: pool.pool};
  } finally {
    await browser.close();
    await server.close();
  }
}

export const runners = {chromium};
