// The package in Firefox ESR, driven by puppeteer-core over WebDriver BiDi:
// the same checks as in Chromium (test/browser-checks.js), on the main thread
// and in a module worker, with each wasm module, against WebCrypto.
import {collectErrors} from "../bench/web/chromium.js";
import {firefoxMissing, launchFirefox} from "../bench/web/firefox.js";
import {describeBrowserChecks} from "./browser-checks.js";

describeBrowserChecks("Firefox ESR", {
  missing: () => firefoxMissing("Firefox tests"),
  async open(url) {
    const browser = await launchFirefox();
    try {
      const page = await browser.newPage();
      const errors = collectErrors(page);
      await page.goto(url);
      return {page, errors, close: () => browser.close()};
    } catch (err) {
      await browser.close();
      throw err;
    }
  },
});
