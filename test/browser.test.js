// The package in Chromium, driven by playwright-core: the checks of
// test/browser-checks.js on the main thread and in a module worker, with each
// wasm module, against WebCrypto.
import {chromiumMissing, collectErrors, launchChromium} from "../bench/web/chromium.js";
import {describeBrowserChecks} from "./browser-checks.js";

describeBrowserChecks("Chromium", {
  missing: () => chromiumMissing("browser tests"),
  async open(url) {
    const browser = await launchChromium();
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
