// Runs a benchmark in an engine without Node's module loader: `entry`, an ES
// module's source whose imports resolve from lab/, bundled by esbuild
// (browser conditions, as a page gets the package) and run in the WebKitGTK
// jsc shell, which prints what it returns, or in a headless browser, where
// it sets globalThis.benchRun, a function returning a string (or its promise):
// the --engine of lab/ab.js, budget.js and choices.js.
import {execFileSync} from "node:child_process";
import {mkdtempSync, rmSync, writeFileSync} from "node:fs";
import {tmpdir} from "node:os";
import {join} from "node:path";
import * as esbuild from "esbuild";
import {browsers as launchers} from "../bench/web/browsers.js";

/** The WebKitGTK version of Debian's jsc shell (libjavascriptcoregtk-4.0-bin), e.g. "2.50.6"; "unknown" without dpkg. */
function jscVersion() {
  try {
    return execFileSync("dpkg-query", ["-W", "-f=${Version}", "libjavascriptcoregtk-4.0-bin"], {encoding: "utf8"}).split("-")[0];
  } catch {
    return "unknown";
  }
}

const bundledEngines = ["jsc", ...Object.keys(launchers)];

/** `entry` bundled and run in `engine`; resolves with what it printed or returned, after the engine's name and version. */
export async function runBundled(entry, engine) {
  if (!bundledEngines.includes(engine)) throw new Error(`--engine: one of ${bundledEngines.join(", ")}, got ${engine}`);
  const jsc = engine === "jsc";
  const source = `${entry}
if (typeof print === "function" && typeof window === "undefined") Promise.resolve(globalThis.benchRun()).then(print, (e) => print(String(e?.stack ?? e)));
`;
  const dir = mkdtempSync(join(tmpdir(), "bench-"));
  try {
    const script = join(dir, "bench.js");
    const stdin = {contents: source, resolveDir: import.meta.dirname, sourcefile: "entry.js"};
    await esbuild.build({stdin, bundle: true, format: jsc ? "esm" : "iife", platform: "browser", outfile: script, logLevel: "warning"});
    if (jsc) return `jsc shell ${jscVersion()}\n\n${execFileSync("jsc", ["-m", script], {encoding: "utf8", maxBuffer: 1 << 24})}`;
    writeFileSync(join(dir, "index.html"), `<!doctype html><meta charset="utf-8"><script src="./bench.js"></script>`);
    const {startServer} = await import("sha256-simd-support/serve.js");
    const server = await startServer({dir});
    const browser = await launchers[engine]();
    try {
      const page = await browser.newPage();
      await page.goto(server.url);
      const version = typeof browser.version === "function" ? await browser.version() : "";
      return `${engine} ${version}\n\n${await page.evaluate(() => globalThis.benchRun())}`;
    } finally {
      await browser.close();
      await server.close();
    }
  } finally {
    rmSync(dir, {recursive: true, force: true});
  }
}
