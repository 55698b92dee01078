// Runs the benchmark page in headless Chromium or Firefox, or in WebKitGTK
// (which needs an X display: run it under xvfb-run -a), and saves its results
// file, as the page's "Download results" button does:
//
//   node bench/web/run-headless.js [--browser chromium|firefox|webkitgtk] [--out FILE] [--cpu MODEL]
//                                  [--label TEXT] [--quick] [--hasher] [--pool] [--beyond] [--filter REGEX]
//                                  [--impl REGEX] [--rounds N] [--time MS]
//                                  [--screenshot FILE] [--timeout-s 1200]
//
// --browser names an entry of `browsers` below: chromium (playwright-core) by
// default, firefox for Firefox ESR through puppeteer-core, webkitgtk for
// WebKitGTK's MiniBrowser through WebKitWebDriver. Another browser
// needs only an entry there. The results file names the browser by that key
// and the version its driver reports. --out defaults to bench/results/<name the page gives
// the file>; --cpu to this machine's CPU model as Node reports it (a page
// cannot read it); --hasher adds the merkle hasher cases (the page's ?hasher=1),
// --pool the thread pool's (?pool=1), --beyond the beyond-as-sha256 cases of
// bench/beyond-cases.js (?beyond=1).
import {mkdtemp, rm, writeFile} from "node:fs/promises";
import {cpus, tmpdir} from "node:os";
import {join} from "node:path";
import {parseArgs} from "node:util";
import {collectErrors, launchChromium} from "../../test/support/chromium.js";
import {launchFirefox} from "../../test/support/firefox.js";
import {launchWebKitGtk} from "../../test/support/webkit.js";
import {startServer} from "../../test/support/serve.js";
import {resultsFileName} from "../results.js";
import {build, resultsDir} from "./build.js";
import {waitForRun} from "./wait-for-run.js";

// Each browser: how to launch it, and how to open a 1280x900 page in it
// (playwright sizes a page at newPage, puppeteer afterwards).
const browsers = {
  chromium: {
    launch: launchChromium,
    newPage: (browser) => browser.newPage({viewport: {width: 1280, height: 900}}),
  },
  firefox: {
    launch: launchFirefox,
    async newPage(browser) {
      const page = await browser.newPage();
      await page.setViewport({width: 1280, height: 900});
      return page;
    },
  },
  // Classic WebDriver: one window of the browser's own size, and no page
  // events, so errors are the page's own report (window.benchError).
  webkitgtk: {
    launch: launchWebKitGtk,
    newPage: (browser) => browser.newPage(),
  },
};

const {values: args} = parseArgs({
  options: {
    browser: {type: "string", default: "chromium"},
    out: {type: "string"},
    cpu: {type: "string", default: cpus()[0]?.model.trim() || "unknown"},
    label: {type: "string", default: ""},
    quick: {type: "boolean", default: false},
    hasher: {type: "boolean", default: false},
    pool: {type: "boolean", default: false},
    beyond: {type: "boolean", default: false},
    filter: {type: "string"},
    impl: {type: "string"},
    rounds: {type: "string"},
    time: {type: "string"},
    screenshot: {type: "string"},
    "timeout-s": {type: "string", default: "1200"},
  },
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
  const errors = page.on ? collectErrors(page) : [];
  const query = new URLSearchParams({[args.quick ? "quick" : "run"]: "1", cpu: args.cpu, label: args.label});
  if (args.hasher) query.set("hasher", "1");
  if (args.pool) query.set("pool", "1");
  if (args.beyond) query.set("beyond", "1");
  for (const name of ["filter", "impl", "rounds", "time"]) if (args[name]) query.set(name, args[name]);
  // "HeadlessChrome/156.0.8078.108", "firefox/153.0": the version alone.
  const version = /\d[\d.]*/.exec(await browser.version())?.[0] ?? "unknown";
  console.log(`Running ${server.url}?${query} in ${args.browser} ${version}…`);
  await page.goto(`${server.url}?${query}`);
  await waitForRun(page, Number(args["timeout-s"]) * 1000);
  // window.benchResults is the document the Download button saves; the file
  // gets the button's name and text. Reading it works alike in both drivers,
  // where a download would need each one's own download handling.
  const doc = await page.evaluate(() => window.benchResults);
  // The driver knows the browser, where the page has only its user agent
  // string (WebKitGTK's reads as Safari's).
  Object.assign(doc.env, {runtime: args.browser, runtimeVersion: version});
  const out = args.out || join(resultsDir, resultsFileName(doc.env));
  await writeFile(out, JSON.stringify(doc, null, 2) + "\n");
  if (args.screenshot && page.screenshot) await page.screenshot({path: args.screenshot, fullPage: true});
  if (errors.length) throw new Error(`the page reported errors:\n${errors.join("\n")}`);

  const {results} = doc;
  const width = Math.max(0, ...results.map((r) => r.case.length));
  // Ours against as-sha256, and the portable backend against noble too; the
  // pool's cases have no as-sha256, and show the pool against single-threaded;
  // the beyond cases neither, and show every contender's time over ours.
  const vsNoble = (r) => {
    const n = results.find((x) => x.case === r.case && x.impl === "noble");
    return n?.nsPerOp > 0 && r.nsPerOp > 0 ? (n.nsPerOp / r.nsPerOp).toFixed(2) : "-";
  };
  const beyond = (r) => r.case.startsWith("beyond-");
  const speed = (r) =>
    beyond(r)
      ? `${r.ratioVsOurs?.toFixed(2) ?? "-"}x ours' time`
      : r.case.startsWith("pool-")
      ? `${(1 / r.ratioVsOurs).toFixed(2)}x single-threaded`
      : `${r.ratioVsAsSha256?.toFixed(2) ?? "-"}x as-sha256` + (r.impl === "ours-js" ? `, ${vsNoble(r)}x noble` : "");
  const shown = (r) => beyond(r) || (r.case.startsWith("pool-") ? /^pool-\d+$/ : /^ours-(simd|scalar|js)$/).test(r.impl);
  for (const r of results.filter(shown)) {
    console.log(`${r.case.padEnd(width)} ${r.impl.padEnd(beyond(r) ? 32 : 12)} ${r.correct ? "correct" : "WRONG  "} ${speed(r)}`);
  }
  console.log(`Saved ${out}`);
} finally {
  await browser?.close();
  await server?.close();
  await rm(dir, {recursive: true, force: true});
}
