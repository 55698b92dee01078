// bench/compare-modules.js for engines without Node's module loader: the two
// builds, bench/timing/compare.js and the cases bundled by esbuild into one
// script, run in the WebKitGTK jsc shell or in a headless browser.
//
//   node bench/compare-engines.js OLD_DIR NEW_DIR --engine jsc|chromium|firefox [--filter REGEX] [--hasher] [--beyond] [--rounds N] [--ms MS]
//
// --beyond needs WebCrypto, so browsers only. Prints the same table.
import {execFileSync} from "node:child_process";
import {mkdtempSync, rmSync, writeFileSync} from "node:fs";
import {tmpdir} from "node:os";
import {join, resolve} from "node:path";
import {fileURLToPath} from "node:url";
import {parseArgs} from "node:util";
import * as esbuild from "esbuild";
import {launchChromium} from "sha256-simd-support/chromium.js";
import {launchFirefox} from "sha256-simd-support/firefox.js";
import {startServer} from "sha256-simd-support/serve.js";

const {values, positionals} = parseArgs({
  allowPositionals: true,
  options: {
    engine: {type: "string", default: "jsc"},
    filter: {type: "string"},
    hasher: {type: "boolean", default: false},
    beyond: {type: "boolean", default: false},
    rounds: {type: "string", default: "15"},
    ms: {type: "string", default: "40"},
  },
});
if (positionals.length !== 2) throw new Error("usage: node bench/compare-engines.js OLD_DIR NEW_DIR --engine jsc|chromium|firefox");
if (values.beyond && values.engine === "jsc") throw new Error("--beyond needs WebCrypto: a browser, not the jsc shell");

const here = fileURLToPath(new URL(".", import.meta.url));
const [a, b] = positionals.map((dir) => resolve(dir));
const options = {filter: values.filter, hasher: values.hasher, beyond: values.beyond, rounds: Number(values.rounds), ms: Number(values.ms)};
const entry = `
import * as oursA from ${JSON.stringify(`${a}/js/index.js`)};
import {hasher as hasherA} from ${JSON.stringify(`${a}/js/hasher.js`)};
import * as oursB from ${JSON.stringify(`${b}/js/index.js`)};
import {hasher as hasherB} from ${JSON.stringify(`${b}/js/hasher.js`)};
import * as pmt from "@chainsafe/persistent-merkle-tree";
import {hkdf} from "@noble/hashes/hkdf.js";
import {hmac} from "@noble/hashes/hmac.js";
import {pbkdf2} from "@noble/hashes/pbkdf2.js";
import {sha256} from "@noble/hashes/sha2.js";
import {webCrypto} from "./cases/beyond-native.js";
import {compareBuilds, compareTable} from "./timing/compare.js";
const now = globalThis.performance ? () => performance.now() : () => preciseTime() * 1000;
const native = globalThis.crypto?.subtle ? webCrypto(crypto.subtle) : null;
globalThis.compareRun = async () => compareTable(await compareBuilds(
  {a: {ours: oursA, hasher: hasherA}, b: {ours: oursB, hasher: hasherB}, extra: {pmt, noble: {sha256, hmac, hkdf, pbkdf2}, native}},
  {...${JSON.stringify(options)}, now},
));
if (typeof print === "function" && typeof window === "undefined") compareRun().then(print, (e) => print(String(e?.stack ?? e)));
`;
const dir = mkdtempSync(join(tmpdir(), "compare-engines-"));
try {
  const script = join(dir, "compare.js");
  await esbuild.build({
    stdin: {contents: entry, resolveDir: here, sourcefile: "entry.js"},
    bundle: true,
    format: values.engine === "jsc" ? "esm" : "iife",
    platform: "browser",
    outfile: script,
    logLevel: "warning",
  });
  let table;
  if (values.engine === "jsc") {
    table = execFileSync("jsc", ["-m", script], {encoding: "utf8", maxBuffer: 1 << 24});
  } else {
    // Served from localhost, a secure context: WebCrypto is there for --beyond.
    writeFileSync(join(dir, "index.html"), `<!doctype html><meta charset="utf-8"><script src="./compare.js"></script>`);
    const server = await startServer({dir});
    const browser = values.engine === "firefox" ? await launchFirefox() : await launchChromium();
    try {
      const page = await browser.newPage();
      await page.goto(server.url);
      table = await page.evaluate("compareRun()");
    } finally {
      await browser.close();
      await server.close();
    }
  }
  process.stdout.write(`${values.engine}; a: ${positionals[0]}, b: ${positionals[1]}\n\n${table}`);
} finally {
  rmSync(dir, {recursive: true, force: true});
}
