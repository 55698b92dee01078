// Runs the benchmark page in headless Chromium and saves its results file,
// as the page's "Download results" button does:
//
//   node bench/web/run-headless.js [--out FILE] [--cpu MODEL] [--label TEXT] [--quick]
//                                  [--hasher] [--screenshot FILE] [--timeout-s 1200]
//
// --out defaults to bench/results/<name the page gives the file>; --cpu to
// this machine's CPU model as Node reports it (a page cannot read it);
// --hasher adds the merkle hasher cases (the page's ?hasher=1).
import {mkdtemp, rm} from "node:fs/promises";
import {cpus, tmpdir} from "node:os";
import {join} from "node:path";
import {build, resultsDir} from "./build.js";
import {parseArgs} from "./args.js";
import {collectErrors, launchChromium, waitForRun} from "./chromium.js";
import {startServer} from "./serve.js";

const args = parseArgs(process.argv.slice(2), {
  out: "",
  cpu: cpus()[0]?.model.trim() || "unknown",
  label: "",
  quick: false,
  hasher: false,
  screenshot: "",
  timeoutS: "1200",
});

const dir = await mkdtemp(join(tmpdir(), "sha256-simd-bench-web-"));
let server, browser;
try {
  await build({outDir: dir});
  server = await startServer({dir});
  browser = await launchChromium();
  const page = await browser.newPage({viewport: {width: 1280, height: 900}, acceptDownloads: true});
  const errors = collectErrors(page);
  const query = new URLSearchParams({[args.quick ? "quick" : "run"]: "1", cpu: args.cpu, label: args.label});
  if (args.hasher) query.set("hasher", "1");
  console.log(`Running ${server.url}?${query} in Chromium ${browser.version()}…`);
  await page.goto(`${server.url}?${query}`);
  await waitForRun(page, Number(args.timeoutS) * 1000);
  const [download] = await Promise.all([page.waitForEvent("download"), page.click("#download")]);
  const out = args.out || join(resultsDir, download.suggestedFilename());
  await download.saveAs(out);
  if (args.screenshot) await page.screenshot({path: args.screenshot, fullPage: true});
  if (errors.length) throw new Error(`the page reported errors:\n${errors.join("\n")}`);

  const {results} = await page.evaluate(() => window.benchResults);
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
