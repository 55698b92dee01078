// sha256-simd/pool in Chromium: on a cross-origin isolated page (where the
// main thread may not block), inside a module worker, on a page that is not
// isolated (one thread, every call on the caller), bundled by esbuild with
// the worker script copied and named by workerUrl (esbuild does not follow
// `new Worker(new URL(...))`), and as plain modules through an import map.
import assert from "node:assert/strict";
import {cp, mkdir, mkdtemp, readFile, rm, writeFile} from "node:fs/promises";
import {tmpdir} from "node:os";
import {join} from "node:path";
import {fileURLToPath} from "node:url";
import {bundleEntries} from "./browser-checks.js";
import {chromiumMissing, collectErrors, launchChromium} from "../support/chromium.js";
import {startServer} from "../support/serve.js";

const repoRoot = fileURLToPath(new URL("../..", import.meta.url));
const check = join(repoRoot, "test/fixtures/pool-check.js");
const pkg = JSON.parse(await readFile(join(repoRoot, "package.json"), "utf8"));

const pageEntry = `
import {poolCheck} from ${JSON.stringify(check)};
globalThis.poolCheck = poolCheck;
globalThis.poolCheckInWorker = (arg) => new Promise((resolve, reject) => {
  const worker = new Worker(new URL("../check-worker.js", import.meta.url), {type: "module"});
  worker.onmessage = (e) => (e.data.error ? reject(new Error(e.data.error)) : resolve(e.data.result));
  worker.onerror = (e) => reject(new Error("worker failed: " + e.message));
  worker.postMessage(arg);
});
`;
const workerEntry = `
import {poolCheck} from ${JSON.stringify(check)};
onmessage = async ({data}) => {
  try {
    postMessage({result: await poolCheck(data)});
  } catch (err) {
    postMessage({error: String(err?.stack ?? err)});
  }
};
`;
const html = (head = "") =>
  `<!doctype html><meta charset="utf-8"><title>pool</title><link rel="icon" href="data:,">${head}<script type="module" src="./main.js"></script>`;

/** The page bundled by esbuild, as a user would: the pool's worker script is its own entry, resolved by package name, and workerUrl says where. */
async function buildBundled(dir) {
  await bundleEntries(dir, [["main.js", pageEntry], ["check-worker.js", workerEntry], ["pool-worker.js", `import "sha256-simd/pool-worker.js";`]]);
  await writeFile(join(dir, "index.html"), html());
}

/**
 * The same page as plain modules: the package's files, an import map for its
 * names, and the check with test/support/bytes.js where the repository has
 * them, for the check's relative import.
 */
async function buildPlain(dir) {
  await cp(join(repoRoot, "js"), join(dir, "js"), {recursive: true});
  for (const file of ["test/fixtures/pool-check.js", "test/support/bytes.js"]) await cp(join(repoRoot, file), join(dir, file));
  // The package's own "imports" too, under default conditions, as README says.
  const own = Object.fromEntries(Object.entries(pkg.imports).map(([name, to]) => [name, to.default]));
  const map = {imports: {"sha256-simd": "./js/index.js", "sha256-simd/hasher": "./js/hasher.js", "sha256-simd/pool": "./js/pool.js", ...own}};
  await writeFile(join(dir, "main.js"), `import {poolCheck} from "../test/fixtures/pool-check.js";\nglobalThis.poolCheck = poolCheck;\n`);
  await writeFile(join(dir, "index.html"), html(`<script type="importmap">${JSON.stringify(map)}</script>`));
}

describe("sha256-simd/pool in Chromium", function () {
  this.timeout(120000);
  let dir;
  let browser;
  const servers = [];
  const results = {};

  before(async function () {
    const missing = chromiumMissing("pool browser tests");
    if (missing) {
      console.log(`      ${missing}`);
      this.skip();
    }
    dir = await mkdtemp(join(tmpdir(), "sha256-simd-pool-"));
    await mkdir(join(dir, "bundled"));
    await mkdir(join(dir, "plain"));
    await buildBundled(join(dir, "bundled"));
    await buildPlain(join(dir, "plain"));
    browser = await launchChromium();
  });

  after(async () => {
    await browser?.close();
    for (const s of servers) await s.close();
    if (dir) await rm(dir, {recursive: true, force: true});
    if (Object.keys(results).length) console.log(`      timings (ms, median of 9): ${JSON.stringify(results)}`);
  });

  /** Opens `sub` of the fixture on a server with or without isolation and runs fn(page). */
  async function onPage(sub, isolate, fn) {
    const server = await startServer({dir: join(dir, sub), isolate});
    servers.push(server);
    const page = await browser.newPage();
    const errors = collectErrors(page);
    try {
      await page.goto(server.url);
      await page.waitForFunction(() => typeof globalThis.poolCheck === "function");
      return await fn(page);
    } finally {
      await page.close();
      assert.deepEqual(errors, []);
    }
  }

  const arg = {threads: 3, n: 5000, workerUrl: "./pool-worker.js"};

  function assertGood(r, threads, isolated) {
    assert.deepEqual(r.problems, []);
    assert.equal(r.isolated, isolated);
    assert.equal(r.threads, threads);
    assert.equal(r.afterClose, "sha256-simd/pool: the pool is closed");
  }

  it("on an isolated page's main thread, bundled by esbuild: 3 threads, right results", async () => {
    const r = await onPage("bundled", true, (page) => page.evaluate((a) => globalThis.poolCheck(a), arg));
    assertGood(r, 3, true);
    results.mainThread = r;
  });

  it("inside a module worker on an isolated page: 3 threads, right results", async () => {
    const r = await onPage("bundled", true, (page) => page.evaluate((a) => globalThis.poolCheckInWorker(a), arg));
    assertGood(r, 3, true);
    results.worker = r;
  });

  it("as plain modules through an import map: the package's own worker script, found by itself", async () => {
    const r = await onPage("plain", true, (page) => page.evaluate((a) => globalThis.poolCheck(a), {...arg, workerUrl: undefined}));
    assertGood(r, 3, true);
  });

  it("on a page that is not cross-origin isolated: 1 thread, every call on the caller, right results", async () => {
    const r = await onPage("bundled", false, (page) => page.evaluate((a) => globalThis.poolCheck(a), arg));
    assertGood(r, 1, false);
    assert.equal(r.noThreads, "the page is not cross-origin isolated");
  });
});
