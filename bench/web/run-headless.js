// Runs the benchmark page in headless Chromium or Firefox, or in WebKitGTK
// (which needs an X display: run it under xvfb-run -a), and saves its results
// file, as the page's "Download results" button does:
//
//   node bench/web/run-headless.js [--browser chromium|firefox|webkitgtk] [--out FILE] [--cpu MODEL]
//                                  [--label TEXT] [--quick] [--hasher] [--pool] [--beyond] [--filter REGEX]
//                                  [--impl REGEX] [--rounds N] [--time MS]
//                                  [--screenshot FILE] [--timeout-s 1200]
//
// The options and what the results file records: bench/web/README.md. --out
// defaults to bench/results/<the name the page gives the file>; another
// browser needs only an entry in browsers.js. It prints bench/node.js's table.
import {mkdtemp, rm} from "node:fs/promises";
import {cpus, tmpdir} from "node:os";
import {join} from "node:path";
import {parseArgs} from "node:util";
import {openPage} from "sha256-simd-support/open-page.js";
import {startServer} from "sha256-simd-support/serve.js";
import {resultsFileName} from "../report/results.js";
import {formatResults} from "../report/table.js";
import {cpuDetails, resultsDir, writeJson} from "../report/results-files.js";
import {browsers} from "./browsers.js";
import {build} from "./build.js";
import {waitForRun} from "./wait-for-run.js";

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

const launch = browsers[args.browser];
if (!launch) throw new Error(`--browser ${args.browser}: known are ${Object.keys(browsers).join(", ")}`);

const dir = await mkdtemp(join(tmpdir(), "sha256-simd-bench-web-"));
let server, opened;
try {
  await build({outDir: dir});
  server = await startServer({dir});
  const query = new URLSearchParams({[args.quick ? "quick" : "run"]: "1", cpu: args.cpu, label: args.label});
  for (const name of ["hasher", "pool", "beyond"]) if (args[name]) query.set(name, "1");
  for (const name of ["filter", "impl", "rounds", "time"]) if (args[name]) query.set(name, args[name]);
  console.log(`Running ${server.url}?${query} in ${args.browser}…`);
  opened = await openPage(launch, `${server.url}?${query}`);
  const {page, errors} = opened;
  // "HeadlessChrome/156.0.8078.108", "firefox/153.0": the version alone.
  const version = /\d[\d.]*/.exec(await opened.browser.version())?.[0] ?? "unknown";
  await waitForRun(page, Number(args["timeout-s"]) * 1000);
  // window.benchResults is the document the Download button saves; the file
  // gets the button's name and text. Reading it works alike in both drivers,
  // where a download would need each one's own download handling.
  const doc = await page.evaluate(() => window.benchResults);
  // The driver knows the browser, where the page has only its user agent
  // string (WebKitGTK's reads as Safari's); and this process, the CPU.
  Object.assign(doc.env, {runtime: args.browser, runtimeVersion: version, ...cpuDetails()});
  const out = args.out || join(resultsDir, resultsFileName(doc.env));
  writeJson(out, doc);
  if (args.screenshot && page.screenshot) await page.screenshot({path: args.screenshot, fullPage: true});
  if (errors.length) throw new Error(`the page reported errors:\n${errors.join("\n")}`);

  process.stdout.write(formatResults(doc, []));
  console.log(`Saved ${out}`);
} finally {
  await opened?.close();
  await server?.close();
  await rm(dir, {recursive: true, force: true});
}
