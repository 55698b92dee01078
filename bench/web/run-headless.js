// Runs the benchmark page in headless Chromium or Firefox, or in WebKitGTK
// (which needs an X display: run it under xvfb-run -a), and saves its results
// file, as the page's "Download results" button does:
//
//   node bench/web/run-headless.js [--browser chromium|firefox|webkitgtk] [--out FILE] [--cpu MODEL] [--label TEXT]
//     [--quick] [--hasher] [--pool] [--beyond] [--filter REGEX] [--impl REGEX] [--rounds N] [--time MS]
//     [--few] [--screenshot FILE] [--phone] [--timeout-s 1200]
//
// The options and what the results file records: bench/web/README.md. --out
// defaults to bench/results/<the name the page gives the file>; another
// browser needs only an entry in browsers.js. It prints bench/node.js's table.
import {cpus} from "node:os";
import {join} from "node:path";
import {parseArgs} from "node:util";
import {resultsFileName} from "../report/results.js";
import {formatResults} from "../report/table.js";
import {cpuDetails, resultsDir, writeJson} from "../report/results-files.js";
import {browsers} from "./browsers.js";
import {fewCases, openBenchPage, phone} from "./open-bench-page.js";

// The page's own options, passed on in its URL by the same names.
const pageFlags = ["hasher", "pool", "beyond"];
const pageValues = ["filter", "impl", "rounds", "time"];
const {values: args} = parseArgs({
  options: {
    browser: {type: "string", default: "chromium"},
    out: {type: "string"},
    cpu: {type: "string", default: cpus()[0]?.model.trim() || "unknown"},
    label: {type: "string", default: ""},
    quick: {type: "boolean"},
    screenshot: {type: "string"},
    phone: {type: "boolean"},
    few: {type: "boolean"},
    "timeout-s": {type: "string", default: "1200"},
    ...Object.fromEntries(pageFlags.map((name) => [name, {type: "boolean"}])),
    ...Object.fromEntries(pageValues.map((name) => [name, {type: "string"}])),
  },
});

const launch = browsers[args.browser];
if (!launch) throw new Error(`--browser ${args.browser}: known are ${Object.keys(browsers).join(", ")}`);

const query = new URLSearchParams({[args.quick ? "quick" : "run"]: "1", cpu: args.cpu, label: args.label});
for (const name of pageFlags) if (args[name]) query.set(name, "1");
for (const name of pageValues) if (args[name]) query.set(name, args[name]);
if (args.few) query.set("filter", fewCases);
console.log(`Running the page with ?${query} in ${args.browser}…`);
const opened = await openBenchPage(launch, query, Number(args["timeout-s"]) * 1000, args.phone ? phone : undefined);
try {
  const {page, errors, results: doc} = opened;
  // "HeadlessChrome/156.0.8078.108", "firefox/153.0": the version alone.
  const version = /\d[\d.]*/.exec(await opened.browser.version())?.[0] ?? "unknown";
  // The results are window.benchResults, what the Download button saves, saved
  // under its file name: reading it works alike in every driver, where a
  // download needs each one's own handling. The driver knows the browser, where
  // the page has only its user agent string (WebKitGTK's reads as Safari's);
  // and this process, the CPU.
  Object.assign(doc.env, {runtime: args.browser, runtimeVersion: version, ...cpuDetails()});
  const out = args.out || join(resultsDir, resultsFileName(doc.env));
  writeJson(out, doc);
  if (args.screenshot && page.screenshot) await page.screenshot({path: args.screenshot, fullPage: true, scale: "css"});
  if (errors.length) throw new Error(`the page reported errors:\n${errors.join("\n")}`);

  process.stdout.write(formatResults(doc, []));
  console.log(`Saved ${out}`);
} finally {
  await opened.close();
}
