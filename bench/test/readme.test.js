// The README's measured tables come from results files alone: which files
// count, and what the tables say, on made-up results.
import assert from "node:assert/strict";
import {fillMarkers, generate, matchingResults, poolResults} from "../report/readme.js";

/** The committed modules' sha256 by file name, and another build's. */
const committed = {"sha256-core.wasm": "a".repeat(64), "sha256-lanes.wasm": "c".repeat(64)};
const other = {...committed, "sha256-lanes.wasm": "b".repeat(64)};

function doc({runtime, version, date, wasm = committed, ratio = 2, v8 = "13.6.233.17"}) {
  const row = (c, impl, nsPerOp, extra = {}) => ({case: c, title: c, impl, unit: "call", nsPerOp, correct: true, ...extra});
  return {
    schema: 2,
    build: {commit: "0123456789abcdef0123456789abcdef01234567", wasm},
    env: {runtime, runtimeVersion: version, v8, cpu: "Test CPU", cores: 2, simd: true, date},
    options: {rounds: 3},
    results: [
      row("digest64", "ours-simd", 100, {ratioVsOurs: 1, ratioVsAsSha256: ratio}),
      row("digest64", "ours-js", 150, {ratioVsOurs: 1.5, ratioVsAsSha256: ratio / 1.5}),
      row("digest64", "as-sha256", 100 * ratio, {ratioVsOurs: ratio, ratioVsAsSha256: 1}),
    ],
  };
}

const files = [
  {name: "node-24.1.0_a.json", doc: doc({runtime: "node", version: "24.1.0", date: "2026-12-01T01:00:00Z", ratio: 1.5})},
  {name: "node-24.2.0_a.json", doc: doc({runtime: "node", version: "24.2.0", date: "2026-12-01T02:00:00Z", ratio: 1.75})},
  {name: "node-24.3.0_a.json", doc: doc({runtime: "node", version: "24.3.0", date: "2026-12-01T03:00:00Z", wasm: other})},
  {name: "node-24.2.0_part.json", doc: {...doc({runtime: "node", version: "24.2.0", date: "2026-12-01T04:00:00Z"}), options: {rounds: 3, filter: "^pool-"}}},
  {name: "deno-2.9.6_a.json", doc: doc({runtime: "deno", version: "2.9.6", date: "2026-12-01T01:00:00Z", ratio: 3.25})},
  {name: "old_a.json", doc: {...doc({runtime: "bun", version: "1.4.5", date: "2026-12-01T01:00:00Z"}), build: undefined}},
];

/** A pool run (--pool --filter ^pool-): single-threaded 1000 ns, the pool at 1 and 2 threads, hashtree. */
function poolDoc({version, date, wasm = committed}) {
  const row = (impl, nsPerOp) => ({case: "pool-hashInto-65536", title: "pool: hashInto, 65536 messages", impl, unit: "hash", nsPerOp, correct: true, ratioVsOurs: nsPerOp / 1000});
  return {
    ...doc({runtime: "node", version, date, wasm}),
    options: {rounds: 5, filter: "^pool-", pool: true},
    results: [row("ours-simd", 1000), row("pool-1", 1010), row("pool-2", 625), row("hashtree", 250)],
  };
}
const poolFiles = [
  {name: "node-26.1.0_pool.json", doc: poolDoc({version: "26.1.0", date: "2026-12-01T05:00:00Z"})},
  {name: "node-24.1.0_pool.json", doc: poolDoc({version: "24.1.0", date: "2026-12-01T01:00:00Z"})},
  {name: "node-24.2.0_pool.json", doc: poolDoc({version: "24.2.0", date: "2026-12-01T02:00:00Z", wasm: other})},
  {
    name: "node-24.1.0_pool-part.json",
    doc: {...poolDoc({version: "24.1.0", date: "2026-12-01T03:00:00Z"}), options: {rounds: 9, filter: "pool-hashInto", pool: true}},
  },
];
/** A run of the beyond-* cases (bench/node.js --beyond --filter ^beyond-): ours at 1000 ns, each other contender's time over it. */
function beyondDoc({runtime, version, date, wasm = committed, filter = "^beyond-"}) {
  const row = (c, impl, ratioVsOurs) => ({case: c, title: c.slice(7), impl, unit: "call", nsPerOp: 1000 * ratioVsOurs, correct: true, ratioVsOurs});
  return {
    ...doc({runtime, version, date, wasm}),
    options: {rounds: 5, filter, beyond: true},
    results: [
      row("beyond-hmac-64", "ours-simd", 1),
      row("beyond-hmac-64", "ours-js", 1.2),
      row("beyond-hmac-64", "noble", 4.5),
      row("beyond-hmac-64", "node-crypto", 3),
      row("beyond-digestMany", "ours-simd", 1),
      row("beyond-digestMany", "ours-digest-loop", 1.8),
    ],
  };
}
const beyondFiles = [
  {name: "bun-1.4.5_beyond.json", doc: beyondDoc({runtime: "bun", version: "1.4.5", date: "2026-12-01T01:00:00Z"})},
  {name: "node-24.2.0_beyond.json", doc: beyondDoc({runtime: "node", version: "24.2.0", date: "2026-12-01T02:00:00Z"})},
  {name: "node-24.2.0_beyond-old.json", doc: beyondDoc({runtime: "node", version: "24.2.0", date: "2026-12-01T01:00:00Z"})},
  {name: "node-24.2.0_beyond-part.json", doc: beyondDoc({runtime: "node", version: "24.2.0", date: "2026-12-01T03:00:00Z", filter: "hmac"})},
];
/** A run with the start-up case (bench/cases/startup.js): ours at 30 ms best, 31 ms median, over 11 processes each. */
function startupDoc({version, date, wasm = committed, options = {rounds: 5, filter: "^(?:digest64|startup-first-digest)$", headline: true}}) {
  const base = doc({runtime: "node", version, date, wasm});
  const title = "start-up: import and first digest of 32 bytes";
  const row = (impl, ms, medianMs) => ({case: "startup-first-digest", title, impl, unit: "process", nsPerOp: ms * 1e6, nsPerOpMedian: medianMs * 1e6, correct: true, ratioVsOurs: ms / 30, rounds: 11});
  return {
    ...base,
    env: {...base.env, cpu: "AMD EPYC", cpuFamily: 26, cpuModel: 2},
    options,
    results: [...base.results, row("ours-simd", 30, 31), row("as-sha256", 15, 16.5), row("hash-wasm", 45, 50), row("noble", 9, 9.25)],
  };
}
const startupFiles = [
  {name: "node-24.2.0_startup-old.json", doc: startupDoc({version: "24.2.0", date: "2026-12-01T01:00:00Z", options: {rounds: 5}})},
  {name: "node-24.2.0_headline.json", doc: startupDoc({version: "24.2.0", date: "2026-12-01T02:00:00Z"})},
  {name: "node-24.2.0_quick.json", doc: startupDoc({version: "24.2.0", date: "2026-12-01T03:00:00Z", options: {rounds: 2, quick: true}})},
  {name: "node-24.3.0_other.json", doc: startupDoc({version: "24.3.0", date: "2026-12-01T04:00:00Z", wasm: other})},
  {name: "node-26.1.0_startup.json", doc: startupDoc({version: "26.1.0", date: "2026-12-01T05:00:00Z"})},
];
/** A run of bench/ssz.js: two hashers, one case, with the hash step's split. */
function sszDoc({date, wasm = committed, quick = false}) {
  return {
    benchmark: "ssz-beacon-state",
    build: {wasm},
    env: {runtime: "node", runtimeVersion: "24.2.0", cpu: "Test CPU", cores: 2, date},
    options: {rounds: 5, quick},
    workload: {validators: 200000, modified: 100000, hashStepNodes: 150000},
    hashers: [
      {id: "ours", label: "sha256-simd"},
      {id: "pool", label: "sha256-simd pool, 2 threads"},
      {id: "hashtree", label: "@chainsafe/hashtree"},
    ],
    cases: {hashStep: "hash step"},
    summary: {hashStep: {ours: {bestMs: 50, medianMs: 52}, pool: {bestMs: 40, medianMs: 39}, hashtree: {bestMs: 41, medianMs: 40}}},
  };
}
const sszFiles = [
  {name: "ssz_node-24.2.0_a.json", doc: sszDoc({date: "2026-12-01T02:00:00Z"})},
  {name: "ssz_node-24.2.0_b.json", doc: sszDoc({date: "2026-12-01T03:00:00Z", quick: true})},
  {name: "ssz_node-24.2.0_c.json", doc: sszDoc({date: "2026-12-01T04:00:00Z", wasm: other})},
];
/** Runs of bench/portable.js: the newest of the committed modules counts, per engine. */
const portableDoc = ({date, wasm = committed, ratio}) => ({
  engine: "node v24.2.0 --jitless",
  date: date.slice(0, 10),
  build: {commit: "abc", wasm},
  env: {date, cpu: "AMD EPYC", cpuFamily: 26, cpuModel: 2, cores: 2},
  rows: [{case: "digest64", ratioBest: ratio, ratioMedian: 1.9}],
});
const portableFiles = [
  {name: "portable_node-24.2.0-jitless_a.json", doc: portableDoc({date: "2026-12-01T02:00:00Z", ratio: 2})},
  {name: "portable_node-24.2.0-jitless_b.json", doc: portableDoc({date: "2026-11-30T02:00:00Z", ratio: 3})},
  {name: "portable_node-24.2.0-jitless_c.json", doc: portableDoc({date: "2026-12-02T02:00:00Z", ratio: 4, wasm: other})},
];

const readme =
  "top\n<!-- bench:start headline -->\nhand-written\n<!-- bench:end -->\nmiddle\n<!-- bench:start engines -->\n<!-- bench:end -->\n" +
  "<!-- bench:start pool -->\n<!-- bench:end -->\n<!-- bench:start portable -->\n<!-- bench:end -->\n" +
  "<!-- bench:start beyond -->\n<!-- bench:end -->\n<!-- bench:start startup -->\n<!-- bench:end -->\n" +
  "<!-- bench:start sizes -->\n<!-- bench:end -->\n<!-- bench:start consumers -->\n<!-- bench:end -->\n" +
  "<!-- bench:start ssz -->\n<!-- bench:end -->\nend\n";

describe("README tables from bench/results/ (bench/readme.js)", function () {
  it("takes the newest full run per engine among those of the committed module", function () {
    const m = matchingResults(files, committed);
    assert.deepEqual([...m.keys()].sort(), ["deno", "node24"]);
    assert.equal(m.get("node24").name, "node-24.2.0_a.json");
  });

  it("counts a file only where its build measured every committed module and no other, never a schema-1 file", function () {
    const withBuild = (build) => [{name: "node-24.9.0_x.json", doc: {...doc({runtime: "node", version: "24.9.0", date: "2026-12-02T01:00:00Z"}), build}}];
    const core = {"sha256-core.wasm": committed["sha256-core.wasm"]};
    assert.equal(matchingResults(withBuild({wasm: {...committed}}), committed).size, 1);
    assert.equal(matchingResults(withBuild({wasm: core}), committed).size, 0);
    assert.equal(matchingResults(withBuild({wasm: {...committed, "sha256-more.wasm": "d".repeat(64)}}), committed).size, 0);
    assert.equal(matchingResults(withBuild({simdWasmSha256: committed["sha256-core.wasm"]}), committed).size, 0);
    assert.equal(matchingResults(withBuild(undefined), committed).size, 0);
  });

  it("writes each engine's ratio from its own file and names the engines left out", function () {
    const out = generate(readme, files, committed);
    assert.ok(out.startsWith("top\n<!-- bench:start headline -->\n") && out.endsWith("<!-- bench:end -->\nend\n"));
    assert.doesNotMatch(out, /hand-written/);
    const ratioRow = out.split("\n").find((l) => l.startsWith("| digest64 | 1.75× | 3.25× |"));
    assert.ok(ratioRow, out);
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
    assert.match(out, /\| library \| best \| median \| time ÷ sha256-simd's \|\n\| --- \| --- \| --- \| --- \|\n\| sha256-simd \| 30\.0 ms \| 31\.0 ms \| 1\.00× \|\n/);
    assert.match(out, /\| as-sha256 \| 15\.0 ms \| 16\.5 ms \| 0\.50× \|\n\| hash-wasm \| 45\.0 ms \| 50\.0 ms \| 1\.50× \|\n\| noble \| 9\.00 ms \| 9\.25 ms \| 0\.30× \|/);
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
