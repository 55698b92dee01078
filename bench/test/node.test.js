// Smoke test of the benchmark, so it cannot rot: a --quick run of every case
// through bench/node.js's main(), with its JSON written to a temporary folder.
// Nothing here asserts a timing.
import assert from "node:assert/strict";
import {createHash} from "node:crypto";
import {readdirSync, readFileSync} from "node:fs";
import {basename, dirname, join, resolve} from "node:path";
import {fileURLToPath} from "node:url";
import * as asSha256 from "@chainsafe/as-sha256";
import {makeCases} from "../cases/cases.js";
import {resultsFile} from "../node.js";
import {matchingResults} from "../report/readme.js";
import {resultsFileName} from "../report/results.js";
import {checkCase, runCases} from "../timing/runner.js";
import * as ours from "sha256-simd";
import {committedBuild} from "./committed-build.js";
import {quickRun} from "./quick-run.js";

const {simdEnabled} = ours;

const withoutComments = (src) => src.replace(/\/\/.*$/gm, "").replace(/\/\*[\s\S]*?\*\//g, "");
/** The specifiers of a module's static and literal dynamic imports. */
const imports = (code) => [...code.matchAll(/(?:from\s+|import\s*\(\s*)"([^"]+)"/g)].map((m) => m[1]);
const base = ["ours-simd", "ours-js", "as-sha256", "hash-wasm", "noble", "node-crypto"];
const with64 = [...base, "hashtree"];
const withWeb = [...base, "webcrypto"];

/** What every case must have run, written out here rather than read back from cases.js. */
const expected = {
  "hashInto-65536": with64,
  "hashInto-4": with64,
  "hashInto-16": with64,
  "hashInto-64": with64,
  digest64: with64,
  digest2Bytes32Into: with64,
  digest64HashObjectsInto: with64,
  batchHash4UintArray64s: with64,
  batchHash4HashObjectInputs: with64,
  "digest-32 B": withWeb,
  "digest-64 B": [...with64, "webcrypto"],
  "digest-256 B": withWeb,
  "digest-1 KiB": withWeb,
  "digest-16 KiB": withWeb,
  "digest-1 MiB": withWeb,
  "SHA256-new": base,
  "SHA256-update-64B-chunks": base,
  // bench/cases/startup.js: the JavaScript libraries' default entries, each in processes of its own.
  "startup-first-digest": ["ours-simd", "as-sha256", "hash-wasm", "noble"],
};
const startupId = "startup-first-digest";

const positive = (x) => typeof x === "number" && Number.isFinite(x) && x > 0;

describe("benchmark (bench/node.js --quick)", function () {
  // About 6 s here; the limit leaves room for a machine busy with other work.
  this.timeout(60000);
  let run;
  let doc;

  before(async function () {
    run = await quickRun([]);
    ({doc} = run);
  });

  it("writes the JSON where --out says, in schema 2", function () {
    assert.equal(run.file, run.out);
    assert.deepEqual(doc, JSON.parse(JSON.stringify(run.returned)));
    assert.equal(doc.schema, 2);
    const e = doc.env;
    assert.equal(e.runtime, "node");
    assert.equal(e.runtimeVersion, process.versions.node);
    assert.equal(e.v8, process.versions.v8);
    for (const k of ["cpu", "platform", "arch", "date"]) assert.equal(typeof e[k], "string", k);
    assert.ok(e.cores >= 1);
    assert.equal(e.simd, simdEnabled);
    assert.ok(!Number.isNaN(Date.parse(e.date)));
    assert.equal(doc.options.quick, true);
    assert.ok(Array.isArray(doc.notes));
  });

  it("records the build it measured: the commit and the sha256 of every committed module", function () {
    const want = committedBuild();
    assert.deepEqual(doc.build.wasm, want.wasm);
    assert.ok(Object.keys(want.wasm).length >= 2, Object.keys(want.wasm).join());
    assert.match(doc.build.commit, new RegExp(`^${want.commit}(-dirty)?$`));
  });

  it("runs every case for every implementation available here", function () {
    const hashtreeLeftOut = doc.notes.some((n) => n.includes("hashtree"));
    const ran = new Map();
    for (const r of doc.results) ran.set(r.case, [...(ran.get(r.case) ?? []), r.impl]);
    assert.deepEqual([...ran.keys()], Object.keys(expected));
    for (const [id, impls] of Object.entries(expected)) {
      const want = impls.filter((i) => !(i === "hashtree" && hashtreeLeftOut) && !(i === "ours-simd" && !simdEnabled));
      assert.deepEqual(ran.get(id), want, id);
    }
  });

  it("checks every contender correct against node:crypto and times it", function () {
    for (const r of doc.results) {
      const at = `${r.case} ${r.impl}`;
      assert.equal(r.correct, true, at);
      assert.equal(r.error, undefined, at);
      const numbers = ["nsPerOp", "nsPerOpMedian", "opsPerSec", "ratioVsOurs", "ratioVsAsSha256", "samples", "callsPerSample"];
      for (const k of numbers) assert.ok(positive(r[k]), `${at} ${k} = ${r[k]}`);
      assert.ok(r.nsPerOp <= r.nsPerOpMedian, at);
      assert.equal(r.rounds, r.case === startupId ? doc.options.startupRounds : doc.options.rounds, at);
      if ("mbPerSec" in r) assert.ok(positive(r.mbPerSec), at);
      assert.ok(["call", "hash", "process"].includes(r.unit), at);
    }
    const ours = doc.results.filter((r) => r.impl === (simdEnabled ? "ours-simd" : "ours-js"));
    for (const r of ours) assert.equal(r.ratioVsOurs, 1);
  });

  it("shows MB/s for the large digests", function () {
    assert.ok(doc.results.some((r) => r.case === "digest-1 MiB" && positive(r.mbPerSec)));
    assert.ok(!doc.results.some((r) => r.case === "digest-32 B" && "mbPerSec" in r));
  });

  it("leaves the default backend active after timing the portable build", async function () {
    const {backend, simdEnabled: now} = await import("sha256-simd");
    assert.equal(now, simdEnabled);
    assert.equal(backend, simdEnabled ? "simd" : "js");
  });

  it("prints a table with a row per result, of the package and its peers without the project's targets", function () {
    for (const r of doc.results) assert.ok(run.text.includes(r.title), r.title);
    assert.match(run.text, /^sha256-simd {2,}ok /m);
    assert.match(run.text, /^as-sha256 {2,}ok /m);
    assert.doesNotMatch(run.text, /target|holds|not yet|\bours\b/i);
    assert.doesNotMatch(run.text, /\b(yes|YES|NO)\b/);
    assert.doesNotMatch(run.text, /headline/i);
  });
});

/** The cases of `make bench` (bench/node.js --headline), in table order. */
const headline = [
  "hashInto-65536",
  "hashInto-16",
  "digest64",
  "digest2Bytes32Into",
  "digest64HashObjectsInto",
  "batchHash4UintArray64s",
  "batchHash4HashObjectInputs",
  "digest-32 B",
  "digest-1 KiB",
  "digest-1 MiB",
];

describe("headline benchmark (bench/node.js --headline --quick, what make bench runs)", function () {
  this.timeout(60000);
  let run;
  let doc;

  before(async function () {
    run = await quickRun(["--headline"]);
    ({doc} = run);
  });

  it("runs the headline cases against every peer, then the start-up case", function () {
    assert.deepEqual([...new Set(doc.results.map((r) => r.case))], [...headline, startupId]);
    assert.deepEqual(doc.results.filter((r) => r.case === startupId).map((r) => r.impl), expected[startupId]);
    for (const id of headline) {
      const ran = doc.results.filter((r) => r.case === id).map((r) => r.impl);
      for (const impl of [simdEnabled ? "ours-simd" : "ours-js", "as-sha256", "hash-wasm", "noble", "node-crypto"]) {
        assert.ok(ran.includes(impl), `${id}: ${impl} in ${ran}`);
      }
    }
    for (const r of doc.results) assert.equal(r.correct, true, `${r.case} ${r.impl}`);
  });

  it("is recorded as a partial run, which the README's tables leave out", function () {
    assert.equal(doc.options.headline, true);
    assert.equal(typeof doc.options.filter, "string");
    for (const id of [...headline, startupId]) assert.match(id, new RegExp(doc.options.filter));
    assert.doesNotMatch("digest-16 KiB", new RegExp(doc.options.filter));
    const full = {...doc, options: {...doc.options, quick: false, filter: null, headline: false}};
    const wasm = doc.build.wasm;
    assert.equal(matchingResults([{name: "h.json", doc: {...doc, options: {...doc.options, quick: false}}}], wasm).size, 0);
    assert.equal(matchingResults([{name: "f.json", doc: full}], wasm).size, 1);
  });

  it("goes to a file of its own, so it does not replace a full run of the same day, where git ignores it, and to bench/results/ only with --save", function () {
    assert.equal(basename(resultsFile(doc.env, {headline: true})), resultsFileName(doc.env).replace(/\.json$/, "_headline.json"));
    assert.equal(basename(resultsFile(doc.env, {startup: true})), resultsFileName(doc.env).replace(/\.json$/, "_startup.json"));
    assert.equal(basename(resultsFile(doc.env, {headline: false})), resultsFileName(doc.env));
    const root = fileURLToPath(new URL("../..", import.meta.url));
    assert.equal(dirname(resultsFile(doc.env, {headline: true})), join(root, "build/bench-results"));
    assert.equal(dirname(resultsFile(doc.env, {headline: true, save: true})), join(root, "bench/results"));
  });

  it("runs the start-up case alone with --startup, as a partial run", async function () {
    const {doc: alone, text} = await quickRun(["--startup"]);
    assert.deepEqual(alone.results.map((r) => [r.case, r.impl, r.correct]), expected[startupId].map((impl) => [startupId, impl, true]));
    assert.equal(alone.options.startup, true);
    assert.equal(matchingResults([{name: "s.json", doc: {...alone, options: {...alone.options, quick: false}}}], alone.build.wasm).size, 0);
    assert.match(text, /^start-up: import and first digest of 32 bytes, per process$/m);
  });

  it("says in its table that it is the headline and where the rest is", function () {
    for (const id of headline) assert.ok(run.text.includes(doc.results.find((r) => r.case === id).title), id);
    assert.match(run.text, /headline cases only; `make bench-full`/);
    assert.doesNotMatch(run.text, /target|holds|\bours\b/i);
    assert.doesNotMatch(run.text, /\b(yes|YES|NO)\b/);
  });

  it("narrows to the headline cases --filter matches", async function () {
    const {doc: narrowed} = await quickRun(["--headline", "--filter", "^digest", "--impl", "^ours-simd$|^as-sha256$"]);
    const want = headline.filter((id) => id.startsWith("digest"));
    assert.deepEqual([...new Set(narrowed.results.map((r) => r.case))], want);
    assert.equal(narrowed.options.filter, "^digest");
    assert.equal(narrowed.options.headline, true);
  });
});

describe("benchmark runner", function () {
  it("marks a contender with wrong output, or one that throws, and does not time it", async function () {
    const msg = new Uint8Array([1, 2, 3]);
    const right = () => new Uint8Array(createHash("sha256").update(msg).digest());
    const contender = (impl, run) => ({impl, run, async: false, output: async () => run()});
    const c = {
      id: "fake",
      title: "fake",
      description: "",
      messages: [msg],
      opsPerCall: 1,
      unit: "call",
      contenders: [
        contender("ours-simd", right),
        contender("as-sha256", () => new Uint8Array(32)),
        contender("noble", () => {
          throw new Error("boom");
        }),
      ],
    };
    const oracle = (m) => createHash("sha256").update(m).digest();
    const rows = await runCases([c], {oracle, rounds: 1, time: 1, warmupTime: 0, batchMs: 0.1});
    const by = Object.fromEntries(rows.map((r) => [r.impl, r]));
    assert.equal(by["ours-simd"].correct, true);
    assert.ok(positive(by["ours-simd"].nsPerOp));
    assert.equal(by["as-sha256"].correct, false);
    assert.equal(by["as-sha256"].nsPerOp, null);
    assert.equal(by["as-sha256"].samples, 0);
    assert.equal(by.noble.correct, false);
    assert.equal(by.noble.error, "boom");
    assert.equal(by["ours-simd"].ratioVsAsSha256, null);
  });
});

// ours-js, sha256-simd on its portable build: the same module graph as
// ours-simd, moved onto the js backend by reinitializeInstance(false) for its
// row and back after it; a contender on another backend than its id names is
// marked wrong, saying so (oursVariants). The quick runs above check that it
// follows ours-simd on every case, correct.
describe("ours-js, the package on its portable build", function () {
  const oracle = (m) => createHash("sha256").update(m).digest();
  const main = ours.backend;

  it("runs on the js backend between its hooks, and puts the default backend back after them", async function () {
    const [c] = (await makeCases({ours, asSha256})).filter((x) => x.id === "digest64");
    const k = c.contenders.find((x) => x.impl === "ours-js");
    k.before();
    try {
      assert.equal(ours.backend, "js");
      assert.deepEqual(await k.output(), new Uint8Array(oracle(c.messages[0])));
    } finally {
      k.after();
    }
    assert.equal(ours.backend, main);
  });

  it("marks a contender wrong, saying so, where the package's backend is not the one its id names", async function () {
    // Packages whose switch does nothing: each stays on the backend it claims.
    const stuck = (backend) => ({...ours, backend, simdEnabled: true, reinitializeInstance() {}});
    const marksOf = async (lib) => checkCase((await makeCases({ours: lib, asSha256})).find((x) => x.id === "digest64"), oracle);
    assert.deepEqual((await marksOf(stuck("simd"))).get("ours-js"), {correct: false, error: "ours-js runs on the simd backend, not js"});
    assert.deepEqual((await marksOf(stuck("js"))).get("ours-simd"), {correct: false, error: "ours-simd runs on the js backend, not simd"});
    assert.equal(ours.backend, main);
  });
});

describe("bench/'s modules", function () {
  const cases = ["cases.js", "common.js", "cases-hasher.js", "cases-pool.js", "cases-beyond.js", "beyond-native.js", "peers.js"];
  /** The modules shared with the browser page: they import nothing from Node and use no Node globals. */
  const neutral = [...cases.map((f) => `cases/${f}`), "timing/runner.js", "report/results.js", "report/table.js"];

  it("import the package by its exports only, no file outside bench/ by path, and in the page's modules nothing from Node", function () {
    const bench = fileURLToPath(new URL("..", import.meta.url));
    const files = readdirSync(bench, {recursive: true}).filter((f) => f.endsWith(".js") && !/(^|\/)(node_modules|dist)\//.test(f));
    assert.ok(files.length > 20, String(files.length));
    for (const file of neutral) assert.ok(files.includes(file), file);
    for (const file of files) {
      const code = withoutComments(readFileSync(join(bench, file), "utf8"));
      for (const spec of imports(code)) {
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

describe("benchmark of the thread pool (bench/node.js --pool --quick)", function () {
  this.timeout(60000);

  it("times the pool at each thread count and the fixed split, each checked against node:crypto", async function () {
    const {doc} = await quickRun(["--pool", "--filter", "^pool-hashInto-65536$"]);
    const cores = doc.env.cores;
    const impls = doc.results.filter((r) => r.case === "pool-hashInto-65536").map((r) => r.impl);
    for (const impl of ["ours-simd", "pool-1", `pool-${cores}`, `split-${cores}`]) assert.ok(impls.includes(impl), `${impl} in ${impls}`);
    for (const r of doc.results) {
      assert.equal(r.correct, true, `${r.impl} correct`);
      assert.ok(positive(r.nsPerOp), `${r.impl} timed`);
    }
  });
});
