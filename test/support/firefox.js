// Launches Debian's Firefox ESR through puppeteer-core over WebDriver BiDi:
// playwright drives only its own patched Firefox builds, and puppeteer-core
// downloads nothing (install it with PUPPETEER_SKIP_DOWNLOAD=1). Puppeteer's
// own Firefox preferences already turn off updates, telemetry and other
// background network use.
import puppeteer from "puppeteer-core";
import {browserMissing} from "./chromium.js";

export const firefoxPath = process.env.FIREFOX_PATH || "/usr/bin/firefox-esr";

/** As chromiumMissing, for Firefox. */
export function firefoxMissing(what) {
  return browserMissing("Firefox", firefoxPath, what);
}

export function launchFirefox() {
  return puppeteer.launch({browser: "firefox", executablePath: firefoxPath, headless: true, protocol: "webDriverBiDi"});
}
