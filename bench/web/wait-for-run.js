// Shared by the headless runner and the page's test.

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
