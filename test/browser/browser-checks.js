// The checks of the package in a browser, shared by the Chromium test
// (playwright-core), the Firefox test (puppeteer-core) and the WebKit tests
// (classic WebDriver, test/support/webdriver.js): the fixture page,
// bundled by esbuild as a user's bundler would; the in-page function that
// calls every API function and takes WebCrypto's digest of the same input; and
// the mocha suite that runs it on the main thread and in a module worker, with
// each wasm module. A test file supplies only how to open the page.
import assert from "node:assert/strict";
import {mkdtemp, rm, writeFile} from "node:fs/promises";
import {tmpdir} from "node:os";
import {join} from "node:path";
import {fileURLToPath} from "node:url";
import * as esbuild from "esbuild";
import {openPage} from "../support/open-page.js";
import {startServer} from "../support/serve.js";

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

/**
 * Runs in the browser (serialised by playwright or puppeteer): calls every API
 * function on deterministic inputs and returns each result next to WebCrypto's
 * digest of the same input, as hex. Being serialised, it cannot import: its
 * input comes from test/support/bytes.js's generator, which the page and the
 * worker put on globalThis.
 */
export async function runChecks({simd, lengths, hashIntoCounts, chunkSizes}) {
  const api = globalThis.sha256simd;
  const defaultSimd = api.simdEnabled;
  const hex = (b) => Array.from(b, (x) => x.toString(16).padStart(2, "0")).join("");
  const webcrypto = async (data) => hex(new Uint8Array(await crypto.subtle.digest("SHA-256", data)));
  const bytes = globalThis.pseudoRandomBytes;
  const objectBytes = (obj) => {
    const out = new Uint8Array(32);
    api.hashObjectToByteArray(obj, out, 0);
    return out;
  };
  const entries = [];
  // The hex is taken at once: some results are views that the next call reuses.
  const check = async (name, got, input) => {
    const gotHex = hex(got);
    entries.push({name, got: gotHex, want: await webcrypto(input)});
  };

  api.reinitializeInstance(simd);
  const forcedSimd = api.simdEnabled;
  try {
    for (const len of lengths) {
      const data = bytes(len, len + 1);
      await check(`digest(${len} bytes)`, api.digest(data), data);

      const hasher = new api.SHA256();
      for (let off = 0, k = 0; off < len; k++) {
        const size = chunkSizes[k % chunkSizes.length];
        hasher.update(data.subarray(off, off + size));
        off += size;
      }
      await check(`SHA256 update in chunks of ${chunkSizes} (${len} bytes)`, hasher.final(), data);
    }

    // Two streaming objects fed alternately must not disturb each other.
    const [a, b] = [bytes(1000, 7), bytes(777, 8)];
    const [ha, hb] = [new api.SHA256(), new api.SHA256()];
    for (let off = 0; off < 1000; off += 100) {
      ha.update(a.subarray(off, off + 100));
      hb.update(b.subarray(off, off + 100));
    }
    await check("SHA256 interleaved, first object", ha.final(), a);
    await check("SHA256 interleaved, second object", hb.final(), b);
    await check("SHA256 reused after init()", ha.init().update(b).final(), b);

    const m64 = bytes(64, 64);
    const [left, right] = [m64.subarray(0, 32), m64.subarray(32)];
    await check("digest64", api.digest64(m64), m64);
    // Digests kept while 300 more are made, with one of them overwritten, stay
    // right, however the package allocates them (js/alloc.js).
    const keptInputs = [m64, ...Array.from({length: 300}, (_, i) => bytes(64, 900 + i))];
    const kept = keptInputs.map((m) => api.digest64(m));
    kept[1].fill(0);
    for (const i of [0, 2, 255, 256, 257, 300]) await check(`digest64 kept, ${i} of ${kept.length}`, kept[i], keptInputs[i]);
    const into = new Uint8Array(32);
    api.digest64Into(m64, into);
    await check("digest64Into", into, m64);
    await check("digest2Bytes32", api.digest2Bytes32(left, right), m64);
    api.digest2Bytes32Into(left, right, into);
    await check("digest2Bytes32Into", into, m64);

    const [objL, objR] = [api.byteArrayToHashObject(left, 0), api.byteArrayToHashObject(right, 0)];
    await check("digest64HashObjects", objectBytes(api.digest64HashObjects(objL, objR)), m64);
    const objOut = {h0: 0, h1: 0, h2: 0, h3: 0, h4: 0, h5: 0, h6: 0, h7: 0};
    api.digest64HashObjectsInto(objL, objR, objOut);
    await check("digest64HashObjectsInto", objectBytes(objOut), m64);

    const four = [0, 1, 2, 3].map((i) => bytes(64, 100 + i));
    const outs = api.batchHash4UintArray64s(four);
    for (let i = 0; i < 4; i++) await check(`batchHash4UintArray64s output ${i}`, outs[i], four[i]);

    const objects = four.flatMap((m) => [api.byteArrayToHashObject(m, 0), api.byteArrayToHashObject(m, 32)]);
    const objOuts = api.batchHash4HashObjectInputs(objects);
    for (let i = 0; i < 4; i++) await check(`batchHash4HashObjectInputs output ${i}`, objectBytes(objOuts[i]), four[i]);

    for (const count of hashIntoCounts) {
      const input = bytes(64 * count, count);
      const output = new Uint8Array(32 * count);
      api.hashInto(input, output);
      // In place: the output aliases the start of the input.
      const inPlace = input.slice();
      api.hashInto(inPlace, inPlace.subarray(0, 32 * count));
      for (let i = 0; i < count; i++) {
        const want = await webcrypto(input.subarray(64 * i, 64 * i + 64));
        const got = hex(output.subarray(32 * i, 32 * i + 32));
        const gotInPlace = hex(inPlace.subarray(32 * i, 32 * i + 32));
        if (got !== want || gotInPlace !== want || i === count - 1) {
          entries.push({name: `hashInto(${count} messages) output ${i}`, got, want});
          entries.push({name: `hashInto(${count} messages, in place) output ${i}`, got: gotInPlace, want});
        }
      }
    }

    // Beyond as-sha256: digestParts and digestMany against WebCrypto's
    // digests, HMAC, HKDF and PBKDF2 against its own (which refuses empty keys,
    // and in WPE WebKit 2.38 HKDF of no output).
    const parts = [bytes(100, 400), bytes(0, 401), bytes(500, 402), bytes(37, 403)];
    const whole = new Uint8Array(637);
    for (let i = 0, at = 0; i < parts.length; at += parts[i].length, i++) whole.set(parts[i], at);
    await check("digestParts", api.digestParts(parts), whole);
    const messages = [0, 1, 55, 56, 64, 65, 128, 1000, 3, 200, 63].map((n) => bytes(n, 500 + n));
    const many = api.digestMany(messages);
    for (let i = 0; i < messages.length; i++) await check(`digestMany output ${i} (${messages[i].length} bytes)`, many[i], messages[i]);
    const subtle = crypto.subtle;
    const derive = async (name, secret, params, length) => {
      const key = await subtle.importKey("raw", secret, name, false, ["deriveBits"]);
      return hex(new Uint8Array(await subtle.deriveBits({name, hash: "SHA-256", ...params}, key, 8 * length)));
    };
    for (const [keyLength, length] of [[1, 1], [20, 64], [64, 100], [131, 300]]) {
      const [key, message] = [bytes(keyLength, 600 + keyLength), bytes(length, 700 + length)];
      const hmacKey = await subtle.importKey("raw", key, {name: "HMAC", hash: "SHA-256"}, false, ["sign"]);
      const want = hex(new Uint8Array(await subtle.sign("HMAC", hmacKey, message)));
      entries.push({name: `hmac (${keyLength}-byte key, ${length} bytes)`, got: hex(api.hmac(key, message)), want});
      const kept = new api.HMAC(key);
      entries.push({name: `HMAC.mac (${keyLength}-byte key, ${length} bytes)`, got: hex(kept.mac(message)), want});
      kept.update(message.subarray(0, 10)).update(message.subarray(10));
      entries.push({name: `HMAC update/final (${keyLength}-byte key, ${length} bytes)`, got: hex(kept.final()), want});
      const [salt, info] = [bytes(keyLength, 800), bytes(length % 50, 801)];
      entries.push({name: `hkdf (${keyLength}-byte key, ${length} bytes out)`, got: hex(api.hkdf(key, salt, info, length)), want: await derive("HKDF", key, {salt, info}, length)});
      entries.push({name: `pbkdf2 (${keyLength}-byte password, 1000 iterations)`, got: hex(api.pbkdf2(key, salt, 1000, 40)), want: await derive("PBKDF2", key, {salt, iterations: 1000}, 40)});
    }
  } finally {
    api.reinitializeInstance();
  }
  return {inWorker: typeof WorkerGlobalScope !== "undefined", defaultSimd, forcedSimd, entries};
}

/**
 * Runs in a browser without wasm SIMD: asks for the SIMD module, and returns
 * the error, which module is then active, and a digest made afterwards next to
 * WebCrypto's.
 */
export async function forceSimd() {
  const api = globalThis.sha256simd;
  const hex = (b) => Array.from(b, (x) => x.toString(16).padStart(2, "0")).join("");
  let error = null;
  try {
    api.reinitializeInstance(true);
  } catch (err) {
    error = `${err.name}: ${err.message}`;
  }
  const simdAfter = api.simdEnabled;
  const data = new TextEncoder().encode("abc".repeat(100));
  const got = hex(api.digest(data));
  const want = hex(new Uint8Array(await crypto.subtle.digest("SHA-256", data)));
  return {error, simdAfter, got, want};
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
