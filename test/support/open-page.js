// The one routine that opens a page, in any browser the tests drive:
// playwright's and puppeteer's browsers and test/support/webdriver.js's all
// have newPage() and close(), and their pages goto(url) and evaluate(fn, arg).
import {collectErrors} from "./chromium.js";

/**
 * Launches a browser and loads url in a new page. errors collects the page's uncaught and
 * console errors where the driver reports them (playwright, puppeteer);
 * classic WebDriver has no events, so there it stays empty and the page must
 * record its own.
 */
export async function openPage(launch, url) {
  const browser = await launch();
  try {
    const page = await browser.newPage();
    const errors = page.on ? collectErrors(page) : [];
    await page.goto(url);
    return {browser, page, errors, close: () => browser.close()};
  } catch (err) {
    await browser.close();
    throw err;
  }
}
