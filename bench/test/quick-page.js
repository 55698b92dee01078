// The benchmark page as the page tests run it: built into a temporary
// folder, served, and opened once in Chromium with a query, its run waited
// for. `dir` is the temporary folder (the site is in dir/site), `fetched`
// every URL the page and its worker fetch, from the first on.
import {mkdtemp, rm} from "node:fs/promises";
import {tmpdir} from "node:os";
import {join} from "node:path";
import {build} from "../web/build.js";
import {waitForRun} from "../web/wait-for-run.js";
import {collectErrors, launchChromium} from "sha256-simd-support/chromium.js";
import {startServer} from "sha256-simd-support/serve.js";

export async function openQuickPage(query, prefix) {
  const opened = {dir: await mkdtemp(join(tmpdir(), prefix)), fetched: []};
  opened.close = async () => {
    await opened.browser?.close();
    await opened.server?.close();
    await rm(opened.dir, {recursive: true, force: true});
  };
  try {
    await build({outDir: join(opened.dir, "site")});
    opened.server = await startServer({dir: join(opened.dir, "site")});
    opened.browser = await launchChromium();
    opened.page = await opened.browser.newPage({viewport: {width: 1280, height: 900}, acceptDownloads: true});
    opened.errors = collectErrors(opened.page);
    opened.page.on("request", (r) => opened.fetched.push(r.url()));
    await opened.page.goto(`${opened.server.url}?${query}`);
    await waitForRun(opened.page, 90_000);
    opened.results = await opened.page.evaluate(() => window.benchResults);
    return opened;
  } catch (e) {
    await opened.close();
    throw e;
  }
}
