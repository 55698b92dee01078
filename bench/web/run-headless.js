// Runs the benchmark page in headless Chromium or Firefox and saves its results
// file, as the page's "Download results" button does:
//
//   node bench/web/run-headless.js [--browser chromium|firefox] [--out FILE] [--cpu MODEL]
//                                  [--label TEXT] [--quick] [--hasher] [--screenshot FILE]
//                                  [--timeout-s 1200]
//
// --browser defaults to chromium (playwright-core); firefox is Firefox ESR
// through puppeteer-core. --out defaults to bench/results/<name the page gives
// the file>; --cpu to this machine's CPU model as Node reports it (a page
// cannot read it); --hasher adds the merkle hasher cases (the page's ?hasher=1).
import {mkdtemp, rm, writeFile} from "node:fs/promises";
import {cpus, tmpdir} from "node:os";
import {join} from "node:path";
import {build, resultsDir} from "./build.js";
import {parseArgs} from "./args.js";
import {collectErrors, launchChromium} from "../../test/support/chromium.js";
import {launchFirefox} from "../../test/support/firefox.js";
import {startServer} from "../../test/support/serve.js";
import {waitForRun} from "./wait-for-run.js";
import {resultsFileName} from "../results.js";

// How to open a 1280x900 page in each browser: playwright sizes it at
// newPage, puppeteer afterwards.
const browsers = {
  chromium: {
    name: "Chromium",
    launch: launchChromium,
    newPage: (browser) => browser.newPage({viewport: {width: 1280, height: 900}}),
  },
  firefox: {
    name: "Firefox",
    launch: launchFirefox,
    async newPage(browser) {
      const page = await browser.newPage();
      await page.setViewport({width: 1280, height: 900});
      return page;
    },
  },
};

const args = parseArgs(process.argv.slice(2), {
  browser: "chromium",
  out: "",
  cpu: cpus()[0]?.model.trim() || "unknown",
  label: "",
  quick: false,
  hasher: false,
  screenshot: "",
  timeoutS: "1200",
});

const driver = browsers[args.browser];
if (!driver) throw new Error(`--browser ${args.browser}: known are ${Object.keys(browsers).join(", ")}`);

const dir = await mkdtemp(join(tmpdir(), "sha256-simd-bench-web-"));
let server, browser;
try {
  await build({outDir: dir});
  server = await startServer({dir});
  browser = await driver.launch();
  const page = await driver.newPage(browser);
  const errors = collectErrors(page);
  const query = new URLSearchParams({[args.quick ? "quick" : "run"]: "1", cpu: args.cpu, label: args.label});
  if (args.hasher) query.set("hasher", "1");
  console.log(`Running ${server.url}?${query} in ${driver.name} ${await browser.version()}…`);
  await page.goto(`${server.url}?${query}`);
  await waitForRun(page, Number(args.timeoutS) * 1000);
  // window.benchResults is the document the Download button saves; the file
  // gets the button's name and text. Reading it works alike in both drivers,
  // where a download would need each one's own download handling.
  const doc = await page.evaluate(() => window.benchResults);
  const out = args.out || join(resultsDir, resultsFileName(doc.env));
  await writeFile(out, JSON.stringify(doc, null, 2) + "\n");
  if (args.screenshot) await page.screenshot({path: args.screenshot, fullPage: true});
  if (errors.length) throw new Error(`the page reported errors:\n${errors.join("\n")}`);

  const {results} = doc;
  const width = Math.max(0, ...results.map((r) => r.case.length));
  for (const r of results.filter((r) => r.impl === "ours-simd" || r.impl === "ours-scalar")) {
    console.log(`${r.case.padEnd(width)} ${r.impl.padEnd(12)} ${r.correct ? "correct" : "WRONG  "} ${r.ratioVsAsSha256?.toFixed(2) ?? "-"}x as-sha256`);
  }
  console.log(`Saved ${out}`);
} finally {
  await browser?.close();
  await server?.close();
  await rm(dir, {recursive: true, force: true});
}
