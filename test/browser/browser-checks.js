// The checks of the package in a browser, shared by the Chromium test
// (playwright-core), the Firefox test (puppeteer-core) and the WebKit tests
// (classic WebDriver, test/support/webdriver.js): the fixture page, bundled
// by esbuild as a user's bundler would, and the mocha suite that runs
// page-checks.js on the main thread and in a module worker, with each wasm
// module. A test file supplies only how to open the page.
import assert from "node:assert/strict";
import {mkdtemp, rm, writeFile} from "node:fs/promises";
import {tmpdir} from "node:os";
import {join} from "node:path";
import {fileURLToPath} from "node:url";
import * as esbuild from "esbuild";
import {openPage} from "../support/open-page.js";
import {startServer} from "../support/serve.js";
import {forceSimd, runChecks} from "./page-checks.js";

const repoRoot = fileURLToPath(new URL("../..", import.meta.url));
const bytesModule = fileURLToPath(new URL("../support/bytes.js", import.meta.url));

// Each global entry point makes the package's namespace reachable from the
// checks, and records which module the package chose at load, before any test
// can call reinitializeInstance. The worker says when it has loaded. Both
// bundle test/support/bytes.js too and leave its generator on globalThis:
// the checks travel as source and cannot import it, and drawing their input
// from it gives them the bytes the Node tests hash for the same seeds.
//
// The checks reach the worker through the page: puppeteer cannot evaluate in
// Firefox's workers (Firefox ESR 153's WebDriver BiDi answers "no such frame"
// for a worker realm), so the page posts the function's source to the worker,
// which runs it and answers on a MessageChannel. Chromium goes the same way,
// so both browsers run the checks identically.
const pageEntry = `
import * as api from "sha256-simd";
import {pseudoRandomBytes} from ${JSON.stringify(bytesModule)};
globalThis.sha256simd = api;
globalThis.pseudoRandomBytes = pseudoRandomBytes;
globalThis.simdAtLoad = api.simdEnabled;
globalThis.workerReady = new Promise((resolve, reject) => {
  globalThis.worker = new Worker(new URL("../worker.js", import.meta.url), {type: "module"});
  globalThis.worker.onmessage = (e) => resolve(e.data);
  globalThis.worker.onerror = (e) => reject(new Error("worker failed: " + e.message));
});
globalThis.evaluateInWorker = ({source, arg}) => new Promise((resolve, reject) => {
  const {port1, port2} = new MessageChannel();
  port1.onmessage = (e) => {
    port1.close();
    if ("error" in e.data) reject(new Error("in the worker: " + e.data.error));
    else resolve(e.data.result);
  };
  globalThis.worker.postMessage({source, arg, port: port2}, [port2]);
});
`;
const workerEntry = `
import * as api from "sha256-simd";
import {pseudoRandomBytes} from ${JSON.stringify(bytesModule)};
globalThis.sha256simd = api;
globalThis.pseudoRandomBytes = pseudoRandomBytes;
onmessage = async ({data: {source, arg, port}}) => {
  try {
    const fn = (0, eval)("(" + source + ")");
    port.postMessage({result: await fn(arg)});
  } catch (err) {
    port.postMessage({error: String(err?.stack ?? err)});
  }
};
postMessage({simdAtLoad: api.simdEnabled});
`;
// A classic script runs before the module: it records uncaught errors, unhandled
// rejections and console.error, for every driver to read back.
const errorRecorder = `
globalThis.pageErrors = [];
addEventListener("error", (e) => pageErrors.push("error: " + e.message));
addEventListener("unhandledrejection", (e) => pageErrors.push("unhandledrejection: " + e.reason));
const consoleError = console.error;
console.error = (...args) => {
  pageErrors.push("console.error: " + args.join(" "));
  consoleError.apply(console, args);
};
`;
const html = `<!doctype html><meta charset="utf-8"><title>sha256-simd</title><link rel="icon" href="data:,"><script>${errorRecorder}</script><script type="module" src="./main.js"></script>`;

/**
 * Bundles each [file name, module source] of entries into dir with esbuild, for
 * the browser, as a user's bundler would.
 */
export async function bundleEntries(dir, entries) {
  for (const [name, contents] of entries) {
    // resolveDir inside the package: "sha256-simd" resolves through its exports map.
    await esbuild.build({
      stdin: {contents, resolveDir: join(repoRoot, "bench"), sourcefile: name},
      outfile: join(dir, name),
      bundle: true,
      format: "esm",
      platform: "browser",
      logLevel: "warning",
    });
  }
}

export async function buildFixture(dir) {
  await bundleEntries(dir, [["main.js", pageEntry], ["worker.js", workerEntry]]);
  await writeFile(join(dir, "index.html"), html);
}

export const params = {
  lengths: [0, 1, 55, 56, 63, 64, 65, 1000, (1 << 20) + 3],
  // 16389 messages are 1 MiB + 320 bytes: more than the module's I/O buffer.
  hashIntoCounts: [1, 3, 4, 5, 7, 13, 16389],
  chunkSizes: [1, 7, 10, 63, 64, 65, 1000],
};

/** Every hashing function of the API: each must have at least one check. */
export const apiFunctions = [
  "digest",
  "digest64",
  "digest64Into",
  "digest2Bytes32",
  "digest2Bytes32Into",
  "digest64HashObjects",
  "digest64HashObjectsInto",
  "batchHash4UintArray64s",
  "batchHash4HashObjectInputs",
  "hashInto",
  "SHA256",
];

/**
 * The suite, for one browser.
 * @param {string} browserName  e.g. "Chromium"
 * @param {object} driver
 * @param {() => string|null|Promise<string|null>} driver.missing  null when the browser can run, else why
 *   the suite is skipped (or it throws)
 * @param {() => Promise<object>} driver.launch  starts the browser (playwright's or puppeteer's Browser, or
 *   test/support/webdriver.js's: all have newPage() and close(), and their pages goto(url) and evaluate(fn, arg))
 * @param {boolean} [driver.simd]  whether the browser has wasm SIMD (WPE WebKit 2.38 has not): without it,
 *   the package must choose the portable build by itself and refuse to force the SIMD modules
 */
export function describeBrowserChecks(browserName, {missing, launch, simd: hasSimd = true}) {
  describe(`the package in ${browserName} (esbuild bundle)`, function () {
    let dir, server, opened, worker;

    before(async function () {
      const reason = await missing();
      if (reason) {
        console.warn(`      ${reason}`);
        this.skip();
      }
      dir = await mkdtemp(join(tmpdir(), "sha256-simd-browser-"));
      await buildFixture(dir);
      server = await startServer({dir});
      opened = await openPage(launch, server.url);
      // The page's evaluateInWorker, in the shape of a driver's worker.evaluate.
      worker = {
        evaluate: (fn, arg) => opened.page.evaluate((call) => globalThis.evaluateInWorker(call), {source: fn.toString(), arg}),
      };
    });

    after(async function () {
      await opened?.close();
      await server?.close();
      if (dir) await rm(dir, {recursive: true, force: true});
    });

    const chosen = hasSimd ? "SIMD modules" : "portable build";
    it(`chose the ${chosen} at load, on the main thread and in the worker`, async function () {
      // The worker's message carries its choice; the page's was recorded before any test ran.
      // The page's module may not have run yet when a driver's navigation returns
      // (WPE WebKit once answered null here, with the suite running three files at
      // a time), so this waits for it to set workerReady.
      const fromWorker = await opened.page.evaluate(
        () =>
          new Promise((resolve) => {
            const poll = () => (globalThis.workerReady ? resolve(globalThis.workerReady) : setTimeout(poll, 10));
            poll();
          }),
      );
      const main = await opened.page.evaluate(() => globalThis.simdAtLoad);
      const want = {main: hasSimd, worker: hasSimd};
      assert.deepEqual({main, worker: fromWorker.simdAtLoad}, want, `${browserName} ${hasSimd ? "has" : "lacks"} wasm SIMD`);
    });

    if (!hasSimd) {
      for (const where of ["main thread", "worker"]) {
        it(`${where}: reinitializeInstance(true) throws a clear Error and the portable build stays correct`, async function () {
          const context = where === "worker" ? worker : opened.page;
          const {error, simdAfter, got, want} = await context.evaluate(forceSimd);
          assert.match(error ?? "did not throw", /^Error: reinitializeInstance\(true\): .*WebAssembly SIMD/);
          assert.equal(simdAfter, false);
          assert.equal(got, want, "digest after the refused switch differs from WebCrypto");
        });
      }
    }

    for (const where of ["main thread", "worker"]) {
      for (const simd of hasSimd ? [true, false] : [false]) {
        it(`${where}, ${simd ? "SIMD modules" : "portable build"}: every function equals WebCrypto`, async function () {
          const context = where === "worker" ? worker : opened.page;
          const {inWorker, defaultSimd, forcedSimd, entries} = await context.evaluate(runChecks, {simd, ...params});
          assert.equal(inWorker, where === "worker", "the checks ran in the wrong place");
          assert.equal(defaultSimd, hasSimd, `the default backend in ${browserName} should be the ${chosen}`);
          assert.equal(forcedSimd, simd, "reinitializeInstance did not switch the module");
          for (const fn of apiFunctions) {
            assert.ok(entries.some((e) => e.name.split(/[ (]/)[0] === fn), `no check ran for ${fn}`);
          }
          for (const len of params.lengths) {
            assert.ok(entries.some((e) => e.name === `digest(${len} bytes)`), `no check for length ${len}`);
          }
          const wrong = entries.filter((e) => e.got !== e.want);
          assert.deepEqual(wrong, [], `${wrong.length} of ${entries.length} results differ from WebCrypto`);
        });
      }
    }

    it("raised no page errors", async function () {
      const recorded = await opened.page.evaluate(() => globalThis.pageErrors);
      assert.deepEqual({driver: opened.errors, page: recorded}, {driver: [], page: []});
    });
  });
}
