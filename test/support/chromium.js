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
 * For tests that need the browser `name` at `path`: null when it is installed;
 * else the reason to skip `what`, or, where REQUIRE_BROWSER=1 (CI), an error.
 */
export function browserMissing(name, path, what) {
  if (existsSync(path)) return null;
  if (process.env.REQUIRE_BROWSER === "1") throw new Error(`${name} not found at ${path}, and REQUIRE_BROWSER=1`);
  return `${name} not found at ${path}: ${what} skipped (REQUIRE_BROWSER=1 makes this a failure)`;
}

export function chromiumMissing(what) {
  return browserMissing("Chromium", chromiumPath, what);
}

export function launchChromium() {
  return chromium.launch({executablePath: chromiumPath, args: chromiumArgs});
}

/**
 * Collects the page's uncaught errors and console errors, for a caller to
 * assert on. The events have the same names and shapes in playwright and
 * puppeteer, so this serves Firefox pages too.
 */
export function collectErrors(page) {
  const errors = [];
  page.on("pageerror", (err) => errors.push(`pageerror: ${err.message}`));
  page.on("console", (msg) => {
    if (msg.type() === "error") errors.push(`console: ${msg.text()}`);
  });
  return errors;
}
