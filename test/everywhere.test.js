// The package where WebAssembly is missing or refused, and on Cloudflare
// Workers: each place runs test/fixtures/everywhere.js's check() of the whole
// API, compared with what node:crypto gives (expected()), and reports the
// backend it chose. Hermes and workerd come from npm (devDependencies).
import assert from "node:assert/strict";
import {execFile} from "node:child_process";
import {createHash} from "node:crypto";
import {readdirSync} from "node:fs";
import {copyFile, mkdir, mkdtemp, rm, writeFile} from "node:fs/promises";
import {tmpdir} from "node:os";
import {join} from "node:path";
import {fileURLToPath} from "node:url";
import {promisify} from "node:util";
import * as esbuild from "esbuild";
import {expected} from "./fixtures/everywhere.js";
import {chromiumMissing, collectErrors, launchChromium} from "./support/chromium.js";
import {hermesBundle, hermesPath} from "./support/hermes.js";
import {freePort, startServer} from "./support/serve.js";

const run = promisify(execFile);
const root = fileURLToPath(new URL("..", import.meta.url));
const fixture = join(root, "test/fixtures/everywhere.js");
const oracle = (bytes) => new Uint8Array(createHash("sha256").update(bytes).digest());

// Bundles resolve "sha256-simd" from bench/, a workspace that depends on the
// package: by name, through its exports map, as an application's would.
const resolveDir = join(root, "bench");

/** A module that imports the package, its hasher and check(), then runs `tail`. */
const checkEntry = (tail) =>
  `import * as lib from "sha256-simd"; import {hasher} from "sha256-simd/hasher";\n` +
  `import {check} from ${JSON.stringify(fixture)};\n${tail}`;

/** `contents` bundled by esbuild as an ES module: written to outfile, or returned as esbuild's output file. */
async function build(contents, {conditions = [], platform = "neutral", target, outfile, external, minify = false} = {}) {
  const result = await esbuild.build({
    stdin: {contents, resolveDir, sourcefile: "entry.js"},
    bundle: true,
    minify,
    format: "esm",
    platform,
    conditions,
    mainFields: ["module", "main"],
    target,
    external,
    outfile,
    write: outfile !== undefined,
    metafile: true,
    logLevel: "warning",
  });
  const file = result.outputFiles?.[0];
  // The package's files in the bundle, for the tests to check what went in.
  if (file) file.inputs = Object.keys(result.metafile.inputs);
  return file;
}

describe("where WebAssembly is missing or refused", function () {
  let dir;
  before(async function () {
    dir = await mkdtemp(join(tmpdir(), "sha256-simd-everywhere-"));
  });
  after(async function () {
    await rm(dir, {recursive: true, force: true});
  });

  it("node --jitless (no WebAssembly, as in iOS Lockdown Mode): the portable backend, every function right", async function () {
    const script = join(dir, "jitless.mjs");
    await writeFile(
      script,
      `import * as lib from ${JSON.stringify(join(root, "js/index.js"))};\n` +
        `import {hasher} from ${JSON.stringify(join(root, "js/hasher.js"))};\n` +
        `import {check} from ${JSON.stringify(fixture)};\n` +
        `const forced = (() => { try { lib.reinitializeInstance(true); return "did not throw"; } catch (e) { return e.message; } })();\n` +
        `lib.reinitializeInstance(false);\n` +
        `process.stdout.write(JSON.stringify({wasm: typeof WebAssembly, forced, ...check(lib, hasher)}));\n`,
    );
    const {stdout} = await run(process.execPath, ["--jitless", script]);
    const {wasm, forced, ...got} = JSON.parse(stdout);
    assert.equal(wasm, "undefined", "--jitless left WebAssembly defined");
    assert.equal(forced, "reinitializeInstance(true): WebAssembly is not available");
    // reinitializeInstance(false) found no wasm and kept the portable backend.
    assert.deepEqual(got, expected(oracle, "js"));
  });

  it("Hermes 0.12 (React Native), on a bundle for the react-native condition with classes lowered by Babel as Metro does", async function () {
    const file = join(dir, "hermes.js");
    await writeFile(file, await hermesBundle(checkEntry("print(JSON.stringify(check(lib, hasher)));"), resolveDir));
    const {stdout} = await run(hermesPath, [file]);
    assert.deepEqual(JSON.parse(stdout), expected(oracle, "js"));
  });

  it("workerd (Cloudflare Workers), bundled with the workerd condition: the SIMD module, from .wasm modules", async function () {
    this.timeout(60000);
    const worker = join(dir, "workerd");
    await mkdir(worker);
    // The .wasm imports stay imports, as wrangler leaves them for Workers to load as modules.
    await build(checkEntry("export default {fetch() { return new Response(JSON.stringify(check(lib, hasher))); }};"), {
      conditions: ["workerd", "worker", "browser"],
      external: ["*.wasm"],
      outfile: join(worker, "worker.js"),
    });
    for (const m of wasmFiles) await copyFile(join(root, "wasm", m), join(worker, m));
    const port = await freePort();
    await writeFile(join(worker, "config.capnp"), workerdConfig(port));
    const serve = execFile(join(root, "node_modules/.bin/workerd"), ["serve", "config.capnp"], {cwd: worker});
    let log = "";
    serve.stderr.on("data", (d) => (log += d));
    try {
      const got = await fetchWhenUp(`http://127.0.0.1:${port}/`, () => log);
      assert.deepEqual(got, expected(oracle, "simd"));
    } finally {
      serve.kill();
    }
  });

  describe("a Chromium page whose Content-Security-Policy has no 'wasm-unsafe-eval'", function () {
    let browser;
    let pageDir;
    before(async function () {
      const skip = chromiumMissing("the Content-Security-Policy tests");
      if (skip) {
        console.log(`      ${skip}`);
        this.skip();
      }
      pageDir = join(dir, "csp");
      await mkdir(pageDir);
      // Violations are counted from the start, before the package loads.
      const counting = "globalThis.violations = 0; globalThis.addEventListener('securitypolicyviolation', () => globalThis.violations++);";
      await writeFile(join(pageDir, "count.js"), counting);
      await build(
        checkEntry(
          "const main = check(lib, hasher); const worker = await new Promise((done) => { const w = new Worker('./worker.js', {type: 'module'}); w.onmessage = (e) => done(e.data); });\n" +
            "await new Promise((done) => setTimeout(done, 200)); globalThis.result = {main, worker, violations: globalThis.violations};",
        ),
        {platform: "browser", target: "es2022", outfile: join(pageDir, "main.js")},
      );
      await build(checkEntry("await new Promise((done) => setTimeout(done, 200)); postMessage({...check(lib, hasher), violations: self.violations});"), {
        platform: "browser",
        target: "es2022",
        outfile: join(pageDir, "worker-check.js"),
      });
      await writeFile(join(pageDir, "worker.js"), `import "./count.js"; import "./worker-check.js";`);
      await writeFile(join(pageDir, "index.html"), `<!doctype html><link rel="icon" href="data:,"><script src="count.js"></script><script type="module" src="main.js"></script>`);
      browser = await launchChromium();
    });
    after(async function () {
      await browser?.close();
    });

    /**
     * Loads the page under `policy`, checks that the main thread and the
     * worker both hashed right on `backend`, and returns the violations each
     * reported: [page, worker].
     */
    async function checkPage(policy, backend) {
      const server = await startServer({dir: pageDir, isolate: false, headers: {"Content-Security-Policy": policy}});
      const page = await browser.newPage();
      const errors = collectErrors(page);
      try {
        await page.goto(server.url);
        await page.waitForFunction(() => globalThis.result !== undefined, null, {timeout: 30000});
        const {main, worker, violations} = await page.evaluate(() => globalThis.result);
        assert.deepEqual(errors, []);
        assert.deepEqual(main, expected(oracle, backend), "main thread");
        const {violations: workerViolations, ...inWorker} = worker;
        assert.deepEqual(inWorker, expected(oracle, backend), "worker");
        return [violations, workerViolations];
      } finally {
        await page.close();
        await server.close();
      }
    }

    it("script-src 'self': the portable backend on the main thread and in a worker, every function right, one violation each at most", async function () {
      const [page, worker] = await checkPage("script-src 'self'", "js");
      console.log(`      violations reported: ${page} on the page, ${worker} in the worker`);
      assert.ok(page <= 1, `${page} violations on the page`);
      assert.ok(worker <= 1, `${worker} violations in the worker`);
    });

    it("script-src 'self' 'wasm-unsafe-eval': the SIMD module, with no violation", async function () {
      assert.deepEqual(await checkPage("script-src 'self' 'wasm-unsafe-eval'", "simd"), [0, 0]);
    });
  });
});

const wasmFiles = readdirSync(join(root, "wasm")).filter((f) => f.endsWith(".wasm"));

// The worker's module is named as js/backends/workerd/ so that the imports
// of ../../../wasm/*.wasm there name the .wasm modules listed beside it.
function workerdConfig(port) {
  return `using Workerd = import "/workerd/workerd.capnp";
const config :Workerd.Config = (
  services = [(name = "main", worker = .worker)],
  sockets = [(name = "http", address = "127.0.0.1:${port}", http = (), service = "main")],
);
const worker :Workerd.Worker = (
  modules = [
    (name = "js/backends/workerd/worker.js", esModule = embed "worker.js"),
${wasmFiles.map((m) => `    (name = "wasm/${m}", wasm = embed "${m}"),`).join("\n")}
  ],
  compatibilityDate = "2025-01-01",
);
`;
}

/** Fetches url as JSON once workerd listens (bounded: 40 tries, 250 ms apart). */
async function fetchWhenUp(url, log) {
  for (let i = 0; i < 40; i++) {
    try {
      const res = await fetch(url);
      if (!res.ok) throw new Error(`workerd answered ${res.status}: ${await res.text()}\n${log()}`);
      return await res.json();
    } catch (e) {
      if (e.message.startsWith("workerd answered")) throw e;
      await new Promise((done) => setTimeout(done, 250));
    }
  }
  throw new Error(`workerd did not answer at ${url}:\n${log()}`);
}
