// Smoke tests of the benchmark, so it cannot rot: bench/node.js --quick runs
// of every case, and the start-up case. Nothing here asserts a timing.
import assert from "node:assert/strict";
import {execFileSync} from "node:child_process";
import {readdirSync, readFileSync} from "node:fs";
import {basename, dirname, join, resolve} from "node:path";
import {fileURLToPath} from "node:url";
import * as asSha256 from "@chainsafe/as-sha256";
import * as ours from "sha256-simd";
import {makeCases} from "../cases/cases.js";
import {threadCounts} from "../cases/cases-pool.js";
import {runStartup} from "../cases/startup.js";
import {resultsFile} from "../node.js";
import {resultsFileName} from "../report/results.js";
import {checkCase, runCases} from "../timing/runner.js";
import {assertQuickRun, cores, counted, jsonWritten, oracle, quickRun} from "./quick-run.js";

const {simdEnabled} = ours;
const bench = fileURLToPath(new URL("..", import.meta.url));
const base = ["ours-simd", "ours-js", "as-sha256", "hash-wasm", "noble", "node-crypto"];
const with64 = [...base, "hashtree"];
const withWeb = [...base, "webcrypto"];
const startup = ["startup-first-digest", ["ours-simd", "as-sha256", "hash-wasm", "noble"]];

/** Every case in table order with its contenders, written out here rather than read back from cases.js; "headline" marks make bench's. */
const cases = [
  ["hashInto-65536", with64, "headline"],
  ["hashInto-4", with64],
  ["hashInto-16", with64, "headline"],
  ["hashInto-64", with64],
  ["digest64", with64, "headline"],
  ["digest2Bytes32Into", with64, "headline"],
  ["digest64HashObjectsInto", with64, "headline"],
  ["batchHash4UintArray64s", with64, "headline"],
  ["batchHash4HashObjectInputs", with64, "headline"],
  ["digest-32 B", withWeb, "headline"],
  ["digest-64 B", [...with64, "webcrypto"]],
  ["digest-256 B", withWeb],
  ["digest-1 KiB", withWeb, "headline"],
  ["digest-16 KiB", withWeb],
  ["digest-1 MiB", withWeb, "headline"],
  ["SHA256-new", base],
  ["SHA256-update-64B-chunks", base],
  // bench/cases/startup.js: the JavaScript libraries' default entries, each in processes of its own.
  [...startup, "headline"],
];
const headline = cases.filter((c) => c[2]);
// The pool at 1, 2, 4, ... threads up to the core count, and the split of the work on every core.
const pool = ["ours-simd", ...threadCounts(cores).map((t) => `pool-${t}`), `split-${cores}`, "hashtree"];

/** The runs of bench/node.js --quick tested here: their arguments, the cases each runs, and the options it records. */
const runs = {
  full: {args: [], cases, options: {filter: null, impl: null, headline: false, startup: false}},
  headline: {args: ["--headline"], cases: headline, options: {headline: true, startup: false}},
  startup: {args: ["--startup"], cases: [startup], options: {headline: false, startup: true}},
  narrowed: {
    args: ["--headline", "--filter", "^digest", "--impl", "^ours-simd$|^as-sha256$"],
    cases: headline.filter(([id]) => id.startsWith("digest")),
    options: {headline: true, filter: "^digest", impl: "^ours-simd$|^as-sha256$"},
  },
  pool: {args: ["--pool", "--filter", "^pool-hashInto-65536$"], cases: [["pool-hashInto-65536", pool]], options: {pool: true, headline: false}},
};

describe("benchmark (bench/node.js --quick)", function () {
  // About 30 s here; the limit leaves room for a machine busy with other work.
  this.timeout(180000);
  const done = {};

  before(async function () {
    for (const [name, {args}] of Object.entries(runs)) done[name] = await quickRun(args);
  });

  for (const [name, {args, ...want}] of Object.entries(runs)) {
    it(`${args.join(" ") || "with no options"}: runs its cases with every implementation here, correct and timed, into its table and its file`, function () {
      assertQuickRun(done[name], {...want, full: name === "full"});
    });
  }

  it("gives MB/s for the large digests alone, and the package's and as-sha256's rows by name", function () {
    const {doc, text} = done.full;
    assert.ok(doc.results.some((r) => r.case === "digest-1 MiB" && r.mbPerSec > 0));
    assert.ok(!doc.results.some((r) => r.case === "digest-32 B" && "mbPerSec" in r));
    assert.match(text, /^sha256-simd {2,}ok /m);
    assert.match(text, /^as-sha256 {2,}ok /m);
  });

  it("records --headline's cases as its filter, whose options alone keep it out of the README's tables", function () {
    const {doc} = done.headline;
    const ids = (list) => list.map(([id]) => id);
    assert.deepEqual(ids(cases).filter((id) => new RegExp(doc.options.filter).test(id)), ids(headline));
    assert.ok(counted({...doc, options: {...doc.options, filter: null, headline: false}}));
  });

  it("writes a partial run to a file of its own, not over a full run of the same day, where git ignores it, and to bench/results/ with --save", function () {
    const {env} = done.full.doc;
    for (const [opts, part] of [[{headline: true}, "_headline"], [{startup: true}, "_startup"], [{headline: false}, ""]]) {
      assert.equal(basename(resultsFile(env, opts)), resultsFileName(env).replace(/\.json$/, `${part}.json`));
    }
    assert.equal(dirname(resultsFile(env, {headline: true})), join(bench, "../build/bench-results"));
    assert.equal(dirname(resultsFile(env, {headline: true, save: true})), join(bench, "results"));
  });
});

describe("benchmark runner (bench/timing/runner.js)", function () {
  it("marks a contender with wrong output, or one that throws, and does not time it", async function () {
    const msg = new Uint8Array([1, 2, 3]);
    const contender = (impl, run) => ({impl, run, async: false, output: async () => run()});
    const contenders = [
      contender("ours-simd", () => new Uint8Array(oracle(msg))),
      contender("as-sha256", () => new Uint8Array(32)),
      contender("noble", () => assert.fail("boom")),
    ];
    const c = {id: "fake", title: "fake", description: "", messages: [msg], opsPerCall: 1, unit: "call", contenders};
    const rows = await runCases([c], {oracle, rounds: 1, time: 1, warmupTime: 0, batchMs: 0.1});
    const timing = (r) => (r.nsPerOp > 0 && r.samples > 0 ? "timed" : [r.nsPerOp, r.samples]);
    assert.deepEqual(rows.map((r) => [r.impl, r.correct, r.error, timing(r), r.ratioVsAsSha256]), [
      ["ours-simd", true, undefined, "timed", null],
      ["as-sha256", false, "output differs from the oracle", [null, 0], null],
      ["noble", false, "boom", [null, 0], null],
    ]);
  });

  // ours-js is the package on its portable build: ours-simd's module graph, moved onto the js
  // backend by its before() hook for its row and back by after(). The quick runs above find both
  // correct in every case, which they are only on their own backends, as this checks.
  it("marks a contender wrong, saying so, where the package's backend is not the one its id names", async function () {
    // Packages whose switch does nothing: each stays on the backend it claims.
    const stuck = (backend) => ({...ours, backend, simdEnabled: true, reinitializeInstance() {}});
    const marksOf = async (lib) => checkCase((await makeCases({ours: lib, asSha256})).find((x) => x.id === "digest64"), oracle);
    assert.deepEqual((await marksOf(stuck("simd"))).get("ours-js"), {correct: false, error: "ours-js runs on the simd backend, not js"});
    assert.deepEqual((await marksOf(stuck("js"))).get("ours-simd"), {correct: false, error: "ours-simd runs on the js backend, not simd"});
    // Neither these nor the quick runs above, which timed ours-js, left the package off its default backend.
    assert.deepEqual([ours.backend, ours.simdEnabled], [simdEnabled ? "simd" : "js", simdEnabled]);
  });
});

describe("bench/'s modules", function () {
  const cases = ["cases.js", "common.js", "cases-hasher.js", "cases-pool.js", "cases-beyond.js", "beyond-native.js", "peers.js"];
  /** The modules shared with the browser page: they import nothing from Node and use no Node globals. */
  const neutral = [...cases.map((f) => `cases/${f}`), "timing/runner.js", "report/results.js", "report/table.js"];

  it("import the package by its exports only, no file outside bench/ by path, and in the page's modules nothing from Node", function () {
    const files = readdirSync(bench, {recursive: true}).filter((f) => f.endsWith(".js") && !/(^|\/)(node_modules|dist)\//.test(f));
    for (const file of neutral) assert.ok(files.includes(file), file);
    for (const file of files) {
      const code = readFileSync(join(bench, file), "utf8").replace(/\/\/.*$/gm, "").replace(/\/\*[\s\S]*?\*\//g, "");
      // Static and literal dynamic imports.
      for (const [, spec] of code.matchAll(/(?:from\s+|import\s*\(\s*)"([^"]+)"/g)) {
        if (neutral.includes(file)) {
          // A file of the page's imports only files of this list.
          const local = spec.startsWith(".") && neutral.includes(join(dirname(file), spec));
          assert.ok(local || spec === "sha256-simd-support/bytes.js", `${file} imports ${spec}`);
        } else if (spec.startsWith(".")) {
          assert.ok(resolve(dirname(join(bench, file)), spec).startsWith(bench), `${file} imports ${spec}, outside bench/`);
        } else {
          // A bare name resolves through the package's "exports" map, which holds its public entries alone.
          assert.doesNotMatch(spec, /^sha256-simd\/(js|cpp|wasm)\//, `${file} imports ${spec}`);
        }
      }
      if (neutral.includes(file)) assert.doesNotMatch(code, /\b(process|Buffer|require|__dirname)\b/, file);
    }
  });
});

// What the --startup run above does not show: each time is taken inside its
// process, a wrong digest is caught, and under Bun and Deno the processes are
// of their own executable. Nothing here asserts how fast anything starts.
describe("the start-up case (bench/cases/startup.js)", function () {
  this.timeout(120000);

  it("takes its time inside the process: below the wall time of starting one and waiting for it", async function () {
    const t0 = performance.now();
    const [r] = await runStartup({rounds: 1, oursImpl: "ours-simd", oracle, keep: (impl) => impl === "ours-simd"});
    const wall = performance.now() - t0;
    assert.ok(r.nsPerOp > 0 && r.nsPerOp / 1e6 < wall, `${r.nsPerOp / 1e6} ms inside, ${wall} ms around`);
  });

  it("marks every library wrong where the digest is not the oracle's, and times none", async function () {
    const rows = await runStartup({rounds: 1, oursImpl: "ours-simd", oracle: () => new Uint8Array(32), keep: (impl) => impl !== "hash-wasm"});
    const wrong = ["ours-simd", "as-sha256", "noble"].map((impl) => [impl, false, null, "output differs from the oracle"]);
    assert.deepEqual(rows.map((r) => [r.impl, r.correct, r.nsPerOp, r.error]), wrong);
  });

  for (const [runtime, runtimeArgs] of [["bun", []], ["deno", ["run", "-A"]]]) {
    it(`runs under ${runtime}, in processes of ${runtime}`, async function () {
      try {
        execFileSync(runtime, ["--version"], {stdio: "ignore"});
      } catch {
        return this.skip();
      }
      const args = [join(bench, "node.js"), "--startup", "--quick", "--out"];
      const {doc} = await jsonWritten((out) => execFileSync(runtime, [...runtimeArgs, ...args, out], {cwd: bench, stdio: "pipe"}));
      assert.equal(doc.env.runtime, runtime);
      assert.deepEqual(doc.results.map((r) => [r.case, r.impl, r.correct]), startup[1].map((impl) => [startup[0], impl, true]));
    });
  }
});
