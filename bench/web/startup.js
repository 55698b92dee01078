// The start-up case in a browser: for sha256-simd and each peer, a page that
// imports its `{digest}` bundle (esbuild, minified, as an application's bundler
// makes it) and digests 32 bytes, timed in the page from before `import()` to
// after the digest: fetch from this machine, parse, wasm compile, first call.
// Each load is a fresh browser context (no HTTP or code cache); libraries take
// turns, rotated each round. Prints each library's best, median and ratios.
//
//   node bench/web/startup.js [--browser chromium|firefox|webkitgtk] [--rounds 15]
import {mkdtemp, rm, writeFile} from "node:fs/promises";
import {tmpdir} from "node:os";
import {join} from "node:path";
import {parseArgs} from "node:util";
import * as esbuild from "esbuild";
import {startServer} from "sha256-simd-support/serve.js";
import {libraries as startupLibraries} from "../cases/startup.js";
import {inTurns, median} from "../timing/runner.js";
import {browsers} from "./browsers.js";

/** The libraries of the Node start-up case, each bundled from a module that exports its digest function as `digest`. */
const libraries = startupLibraries("sha256-simd").map(({impl, specifier, name}) => ({impl, source: `export {${name} as digest} from "${specifier}";`}));
const expected = "66687aadf862bd776c8fc18b8e9f8e20089714856ee233b3902a591d0d5f2925"; // SHA-256 of 32 zero bytes

const page = (impl) => `<!doctype html><meta charset="utf-8"><link rel="icon" href="data:,"><script type="module">
const t0 = performance.now();
const {digest} = await import("./${impl}.js");
const out = await digest(new Uint8Array(32));
const ms = performance.now() - t0;
const hex = typeof out === "string" ? out : Array.from(out, (b) => b.toString(16).padStart(2, "0")).join("");
globalThis.startup = {ms, hex};
</script>`;

const {values: args} = parseArgs({options: {browser: {type: "string", default: "chromium"}, rounds: {type: "string", default: "15"}}});
const launch = browsers[args.browser];
if (!launch) throw new Error(`--browser ${args.browser}: known are ${Object.keys(browsers).join(", ")}`);

const dir = await mkdtemp(join(tmpdir(), "startup-web-"));
for (const {impl, source} of libraries) {
  const stdin = {contents: source, resolveDir: join(import.meta.dirname, ".."), sourcefile: `${impl}.js`};
  await esbuild.build({stdin, bundle: true, minify: true, format: "esm", platform: "browser", outfile: join(dir, `${impl}.js`), logLevel: "error"});
  await writeFile(join(dir, `${impl}.html`), page(impl));
}
const server = await startServer({dir});
const browser = await launch();
const times = Object.fromEntries(libraries.map(({impl}) => [impl, []]));
try {
  await inTurns(libraries, Number(args.rounds), async ({impl}) => {
    // A fresh context where the driver has them (playwright), else a fresh page.
    const context = browser.newContext ? await browser.newContext() : browser;
    const tab = await context.newPage();
    await tab.goto(`${server.url}${impl}.html`);
    await tab.waitForFunction(() => globalThis.startup !== undefined);
    const {ms, hex} = await tab.evaluate(() => globalThis.startup);
    if (hex !== expected) throw new Error(`${impl}: digest ${hex}, expected ${expected}`);
    times[impl].push(ms);
    await (context === browser ? tab.close() : context.close());
  });
} finally {
  await browser.close();
  await server.close();
  await rm(dir, {recursive: true, force: true});
}

const ours = Math.min(...times["sha256-simd"]);
console.log(`import and first digest of 32 bytes, ${args.browser}, ${args.rounds} rounds, a fresh context per load`);
console.log("implementation  best (ms)  median (ms)  best ÷ sha256-simd's");
for (const {impl} of libraries) {
  const best = Math.min(...times[impl]);
  console.log(`${impl.padEnd(14)}  ${best.toFixed(2).padStart(9)}  ${median(times[impl]).toFixed(2).padStart(11)}  ${(best / ours).toFixed(2)}×`);
}
