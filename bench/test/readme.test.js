// The README's measured tables come from results files alone: which files
// count, and what the tables say, on made-up results.
import assert from "node:assert/strict";
import {fillMarkers, generate, matchingResults, poolResults} from "../report/readme.js";

/** The committed modules' sha256 by file name, and another build's. */
const committed = {"sha256-core.wasm": "a".repeat(64), "sha256-lanes.wasm": "c".repeat(64)};
const other = {...committed, "sha256-lanes.wasm": "b".repeat(64)};
const at = (hour, day = "12-01") => `2026-${day}T0${hour}:00:00Z`;

/** A row of a results file, titled by its case unless `extra` says otherwise. */
const result = (c, impl, nsPerOp, extra) => ({case: c, title: c, impl, unit: "call", nsPerOp, correct: true, ...extra});

/** A full run of bench/node.js timing digest64, ours at 100 ns and as-sha256 `ratio` times that; `env` adds to its env, `more` replaces keys. */
function doc({runtime = "node", version, date, wasm = committed, ratio = 2, env, ...more}) {
  return {
    schema: 2,
    build: {commit: "0123456789abcdef0123456789abcdef01234567", wasm},
    env: {runtime, runtimeVersion: version, v8: "13.6.233.17", cpu: "Test CPU", cores: 2, simd: true, date, ...env},
    options: {rounds: 3},
    results: [
      result("digest64", "ours-simd", 100, {ratioVsOurs: 1, ratioVsAsSha256: ratio}),
      result("digest64", "ours-js", 150, {ratioVsOurs: 1.5, ratioVsAsSha256: ratio / 1.5}),
      result("digest64", "as-sha256", 100 * ratio, {ratioVsOurs: ratio, ratioVsAsSha256: 1}),
    ],
    ...more,
  };
}
const file = (name, run) => ({name, doc: doc(run)});

const files = [
  file("node-24.1.0_a.json", {version: "24.1.0", date: at(1), ratio: 1.5}),
  file("node-24.2.0_a.json", {version: "24.2.0", date: at(2), ratio: 1.75}),
  file("node-24.3.0_a.json", {version: "24.3.0", date: at(3), wasm: other}),
  file("node-24.2.0_part.json", {version: "24.2.0", date: at(4), options: {rounds: 3, filter: "^pool-"}}),
  file("deno-2.9.6_a.json", {runtime: "deno", version: "2.9.6", date: at(1), ratio: 3.25}),
  file("old_a.json", {runtime: "bun", version: "1.4.5", date: at(1), build: undefined}),
];

/** Pool runs (--pool --filter ^pool-): single-threaded 1000 ns, the pool at 1 and 2 threads, hashtree. */
const poolRows = [["ours-simd", 1000], ["pool-1", 1010], ["pool-2", 625], ["hashtree", 250]].map(([impl, ns]) =>
  result("pool-hashInto-65536", impl, ns, {title: "pool: hashInto, 65536 messages", unit: "hash", ratioVsOurs: ns / 1000}),
);
const poolFile = (name, run) => file(name, {options: {rounds: 5, filter: "^pool-", pool: true}, ...run, results: poolRows});
const poolFiles = [
  poolFile("node-26.1.0_pool.json", {version: "26.1.0", date: at(5)}),
  poolFile("node-24.1.0_pool.json", {version: "24.1.0", date: at(1)}),
  poolFile("node-24.2.0_pool.json", {version: "24.2.0", date: at(2), wasm: other}),
  poolFile("node-24.1.0_pool-part.json", {version: "24.1.0", date: at(3), options: {rounds: 9, filter: "pool-hashInto", pool: true}}),
];

/** Runs of the beyond-* cases (--beyond --filter ^beyond-): ours at 1000 ns, each other contender's time over it. */
const beyondRows = [
  ["hmac-64", "ours-simd", 1], ["hmac-64", "ours-js", 1.2], ["hmac-64", "noble", 4.5], ["hmac-64", "node-crypto", 3],
  ["digestMany", "ours-simd", 1], ["digestMany", "ours-digest-loop", 1.8],
].map(([c, impl, ratioVsOurs]) => result(`beyond-${c}`, impl, 1000 * ratioVsOurs, {title: c, ratioVsOurs}));
const beyondFile = (name, {filter = "^beyond-", ...run}) => file(name, {...run, options: {rounds: 5, filter, beyond: true}, results: beyondRows});
const beyondFiles = [
  beyondFile("bun-1.4.5_beyond.json", {runtime: "bun", version: "1.4.5", date: at(1)}),
  beyondFile("node-24.2.0_beyond.json", {version: "24.2.0", date: at(2)}),
  beyondFile("node-24.2.0_beyond-old.json", {version: "24.2.0", date: at(1)}),
  beyondFile("node-24.2.0_beyond-part.json", {version: "24.2.0", date: at(3), filter: "hmac"}),
];

/** Runs with the start-up case (bench/cases/startup.js) besides digest64: ours at 30 ms best, 31 ms median, over 11 processes each. */
const startup = {title: "start-up: import and first digest of 32 bytes", unit: "process", rounds: 11};
const startupRows = [["ours-simd", 30, 31], ["as-sha256", 15, 16.5], ["hash-wasm", 45, 50], ["noble", 9, 9.25]].map(([impl, ms, medianMs]) =>
  result("startup-first-digest", impl, ms * 1e6, {...startup, ratioVsOurs: ms / 30, nsPerOpMedian: medianMs * 1e6}),
);
const startupFile = (name, {options = {rounds: 5, filter: "^(?:digest64|startup-first-digest)$", headline: true}, ...run}) =>
  file(name, {...run, env: {cpu: "AMD EPYC", cpuFamily: 26, cpuModel: 2}, options, results: [...doc(run).results, ...startupRows]});
const startupFiles = [
  startupFile("node-24.2.0_startup-old.json", {version: "24.2.0", date: at(1), options: {rounds: 5}}),
  startupFile("node-24.2.0_headline.json", {version: "24.2.0", date: at(2)}),
  startupFile("node-24.2.0_quick.json", {version: "24.2.0", date: at(3), options: {rounds: 2, quick: true}}),
  startupFile("node-24.3.0_other.json", {version: "24.3.0", date: at(4), wasm: other}),
  startupFile("node-26.1.0_startup.json", {version: "26.1.0", date: at(5)}),
];

/** Runs of bench/ssz.js: three hashers, one case. */
const sszFile = (name, {date, wasm = committed, quick = false}) => ({
  name,
  doc: {
    benchmark: "ssz-beacon-state",
    build: {wasm},
    env: {runtime: "node", runtimeVersion: "24.2.0", cpu: "Test CPU", cores: 2, date},
    options: {rounds: 5, quick},
    workload: {validators: 200000, modified: 100000, hashStepNodes: 150000},
    hashers: [{id: "ours", label: "sha256-simd"}, {id: "pool", label: "sha256-simd pool, 2 threads"}, {id: "hashtree", label: "@chainsafe/hashtree"}],
    cases: {hashStep: "hash step"},
    summary: {hashStep: {ours: {bestMs: 50, medianMs: 52}, pool: {bestMs: 40, medianMs: 39}, hashtree: {bestMs: 41, medianMs: 40}}},
  },
});
const sszFiles = [
  sszFile("ssz_node-24.2.0_a.json", {date: at(2)}),
  sszFile("ssz_node-24.2.0_b.json", {date: at(3), quick: true}),
  sszFile("ssz_node-24.2.0_c.json", {date: at(4), wasm: other}),
];

/** Runs of bench/portable.js: the newest of the committed modules counts, per engine. */
const portableFile = (name, {date, wasm = committed, ratio}) => ({
  name,
  doc: {
    engine: "node v24.2.0 --jitless", date: date.slice(0, 10), build: {commit: "abc", wasm},
    env: {date, cpu: "AMD EPYC", cpuFamily: 26, cpuModel: 2, cores: 2},
    rows: [{case: "digest64", ratioBest: ratio, ratioMedian: 1.9}],
  },
});
const portableFiles = [
  portableFile("portable_node-24.2.0-jitless_a.json", {date: at(2), ratio: 2}),
  portableFile("portable_node-24.2.0-jitless_b.json", {date: at(2, "11-30"), ratio: 3}),
  portableFile("portable_node-24.2.0-jitless_c.json", {date: at(2, "12-02"), ratio: 4, wasm: other}),
];

/** Every section's markers, the headline's around hand-written text, between text that stays. */
const sections = ["headline", "engines", "pool", "portable", "beyond", "startup", "sizes", "consumers", "ssz"];
const marked = (n) => `<!-- bench:start ${n} -->\n${n === "headline" ? "hand-written\n" : ""}<!-- bench:end -->\n`;
const readme = `top\n${sections.map(marked).join("middle\n")}end\n`;

describe("README tables from bench/results/ (bench/readme.js)", function () {
  it("counts a file only where its build measured every committed module and no other, never a schema-1 file", function () {
    const count = (build) => matchingResults([file("node-24.9.0_x.json", {version: "24.9.0", date: at(1), build})], committed).size;
    assert.equal(count({wasm: {...committed}}), 1);
    assert.equal(count({wasm: {"sha256-core.wasm": committed["sha256-core.wasm"]}}), 0);
    assert.equal(count({wasm: {...committed, "sha256-more.wasm": "d".repeat(64)}}), 0);
    assert.equal(count({simdWasmSha256: committed["sha256-core.wasm"]}), 0);
    assert.equal(count(undefined), 0);
  });

  it("writes each engine's ratio from its newest full run of the committed modules and names the engines left out", function () {
    const out = generate(readme, files, committed);
    assert.ok(out.startsWith("top\n<!-- bench:start headline -->\n") && out.endsWith("<!-- bench:end -->\nend\n"));
    assert.equal(out.split("middle\n").length, sections.length);
    assert.doesNotMatch(out, /hand-written/);
    assert.match(out, /^\| digest64 \| 1\.75× \| 3\.25× \|$/m);
    assert.match(out, /\| case \| Node 24\.2\.0 \(V8 13\.6\) \| Deno 2\.9\.6 \(V8 13\.6\) \|/);
    assert.match(out, /Not shown, for want of a results file of the committed modules: Node 22, Node 26, Bun, Chromium, Firefox, WebKitGTK\./);
    assert.match(out, /\| digest64 \| 100 ns \| 150 ns \| 175 ns \| \*\*1\.75×\*\* \|/);
    assert.match(out, /bench\/results\/node-24\.2\.0_a\.json/);
    assert.match(out, /No portable_\*\.json file of the committed modules in `bench\/results\/`/);
  });

  it("writes the portable backend's ratios against noble from each engine's newest portable_*.json file of the committed modules, naming the CPU", function () {
    const out = generate(readme, [...files, ...portableFiles], committed);
    assert.match(out, /\| engine \| digest64 \|\n\|---\|---\|\n\| node v24\.2\.0 --jitless \| 2\.00× \(median 1\.90×\) \|\n\n/);
    assert.match(out, /bench\/results\/portable_node-24\.2\.0-jitless_a\.json\) \(AMD EPYC \(family 26, model 2, 2 cores\), 2026-12-01\)/);
    assert.doesNotMatch(out, /jitless_[bc]\.json/);
  });

  it("writes Node 24's newest run of the beyond-* cases as a table of every contender's time over ours, naming the others", function () {
    assert.match(generate(readme, files, committed), /No results file of the beyond-\* cases/);
    const out = generate(readme, [...files, ...beyondFiles], committed);
    assert.match(out, /\| case \| @noble\/hashes \| node:crypto \| sha256-simd's digest\(\) in a loop \|/);
    assert.match(out, /\| hmac-64 \| 4\.50× \| 3\.00× \| – \|/);
    assert.match(out, /\| digestMany \| – \| – \| 1\.80× \|/);
    assert.match(out, /; from \[`bench\/results\/node-24\.2\.0_beyond\.json`\]/);
    assert.match(out, /Other engines: \[`bun-1\.4\.5_beyond\.json`\]\(bench\/results\/bun-1\.4\.5_beyond\.json\)\./);
    // Their rows are in no other table.
    assert.equal(out.split("\n").filter((l) => l.startsWith("| hmac-64 ")).length, 1);
  });

  it("shows the portable build (ours-js) in the headline's column of its own, and nothing of an older file's ours-scalar rows", function () {
    assert.match(generate(readme, files, committed), /\| case \| sha256-simd \| portable build \| as-sha256 \| \*\*as-sha256 ÷ ours\*\* \|/);
    const withScalar = structuredClone(files);
    for (const {doc: d} of withScalar) d.results.push({...d.results[0], impl: "ours-scalar", nsPerOp: 400, ratioVsOurs: 4, ratioVsAsSha256: 0.5});
    assert.equal(generate(readme, withScalar, committed), generate(readme, files, committed));
  });

  it("writes Node 24's newest start-up run of the committed modules, whatever else it timed, as each library's best and median", function () {
    assert.match(generate(readme, files, committed), /No results file of the start-up case \(`make bench`\) on Node 24 matches the committed modules\./);
    const out = generate(readme, [...files, ...startupFiles], committed);
    const source =
      "Node 24.2.0 (V8 13.6), AMD EPYC (family 26, model 2, 2 cores), best and median of 11 fresh processes per library, taking turns, " +
      "commit 0123456789ab; from [`bench/results/node-24.2.0_headline.json`](bench/results/node-24.2.0_headline.json).";
    assert.ok(out.includes(source), out);
    const table = [
      "| library | best | median | time ÷ sha256-simd's |", "| --- | --- | --- | --- |", "| sha256-simd | 30.0 ms | 31.0 ms | 1.00× |",
      "| as-sha256 | 15.0 ms | 16.5 ms | 0.50× |", "| hash-wasm | 45.0 ms | 50.0 ms | 1.50× |", "| noble | 9.00 ms | 9.25 ms | 0.30× |",
    ];
    assert.ok(out.includes(table.join("\n")), out);
    // A full run's start-up rows are in no other table.
    const full = generate(readme, [startupFiles[0]], committed);
    assert.equal(full.split("\n").filter((l) => l.startsWith("| start-up")).length, 0);
    assert.match(full, /\| digest64 \| 100 ns \| 150 ns \| 200 ns \| \*\*2\.00×\*\* \|/);
  });

  it("gives the same text when run again on its own output", function () {
    const once = generate(readme, files, committed);
    assert.equal(generate(once, files, committed), once);
  });

  it("shows the newest full pool run of the committed module, Node 24 first, with speed-ups over single-threaded", function () {
    assert.equal(poolResults([...files, ...poolFiles], committed).name, "node-24.1.0_pool.json");
    assert.equal(poolResults(files, committed), null);
    const out = generate(readme, [...files, ...poolFiles], committed);
    assert.match(out, /\| case \| single-threaded \| 1 threads \(speed-up\) \| 2 threads \(speed-up\) \| hashtree \|/);
    assert.match(out, /\| hashInto, 65536 messages \| 1\.00 µs \| 1\.01 µs \(0\.99×\) \| 625 ns \(1\.60×\) \| 250 ns \|/);
    // A run with the fixed split of pool-split.js shows it as the ceiling.
    const split = structuredClone(poolFiles[1]);
    split.doc.results.splice(3, 0, {...split.doc.results[2], impl: "split-2", nsPerOp: 550, ratioVsOurs: 0.55});
    const withSplit = generate(readme, [split], committed);
    assert.match(withSplit, /\| 2 threads \(speed-up\) \| ceiling: 2 threads, fixed split \(speed-up\) \| hashtree \|/);
    assert.match(withSplit, /\| 625 ns \(1\.60×\) \| 550 ns \(1\.82×\) \| 250 ns \|/);
    assert.match(generate(readme, files, committed), /No results file of the thread pool/);
  });

  it("writes ssz's workload from the newest full ssz_*.json of the committed modules, which no other table takes", function () {
    assert.match(generate(readme, files, committed), /No ssz_\*\.json file of the committed modules/);
    const out = generate(readme, [...files, ...sszFiles], committed);
    assert.match(out, /\| case \| sha256-simd \| sha256-simd pool, 2 threads \| @chainsafe\/hashtree \| pool's speed-up \| hashtree ÷ sha256-simd \|/);
    assert.match(out, /\| hash step \| 52\.0 ms \(best 50\.0 ms\) \| 39\.0 ms \(best 40\.0 ms\) \| 40\.0 ms \(best 41\.0 ms\) \| 1\.33× \| 0\.77× \|/);
    assert.match(out, /bench\/results\/ssz_node-24\.2\.0_a\.json/);
    assert.equal(matchingResults([...files, ...sszFiles], committed).get("node24").name, "node-24.2.0_a.json");
    assert.equal(poolResults([...sszFiles], committed), null);
  });

  it("fails on a README without a section's markers", function () {
    assert.throws(() => fillMarkers("no markers\n", {headline: "x"}), /no <!-- bench:start headline -->/);
  });
});
