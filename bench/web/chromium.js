// Launches Debian's Chromium through playwright-core, which drives an installed
// browser without downloading its own. The flags keep a headless run from
// reaching the network or starting background work.
import {existsSync} from "node:fs";
import {chromium} from "playwright-core";

export const chromiumPath = process.env.CHROMIUM_PATH || "/usr/bin/chromium";

export const chromiumArgs = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

/**
 * For tests that need Chromium: null when it is installed; else the reason to
 * skip `what`, or, where REQUIRE_BROWSER=1 (CI), an error.
 */
export function chromiumMissing(what) {
  if (existsSync(chromiumPath)) return null;
  if (process.env.REQUIRE_BROWSER === "1") throw new Error(`Chromium not found at ${chromiumPath}, and REQUIRE_BROWSER=1`);
  return `Chromium not found at ${chromiumPath}: ${what} skipped (REQUIRE_BROWSER=1 makes this a failure)`;
}

export function launchChromium() {
  return chromium.launch({executablePath: chromiumPath, args: chromiumArgs});
}

/** Collects the page's uncaught errors and console errors, for a caller to assert on. */
export function collectErrors(page) {
  const errors = [];
  page.on("pageerror", (err) => errors.push(`pageerror: ${err.message}`));
  page.on("console", (msg) => {
    if (msg.type() === "error") errors.push(`console: ${msg.text()}`);
  });
  return errors;
}

/**
 * Waits until the benchmark page's run has finished: resolves when
 * <html data-state> becomes "done", throws with the page's message on "error".
 */
export async function waitForRun(page, timeoutMs) {
  await page.waitForFunction(() => ["done", "error"].includes(document.documentElement.dataset.state), null, {
    timeout: timeoutMs,
    polling: 250,
  });
  const state = await page.evaluate(() => document.documentElement.dataset.state);
  if (state !== "done") throw new Error(`the benchmark run failed: ${await page.evaluate(() => window.benchError)}`);
}
