// ssz's own tree-hashing workload, ChainSafe/ssz's perf test
// packages/ssz/test/perf/eth2/beaconState.test.ts: an altair BeaconState of
// 200,000 validators (bench/cases/ssz-state.js) rehashed after half of them and
// every balance changed, as after an epoch transition, per setHasher() hasher.
// --quick: one round. --validators: another count (modified: half), whose root
// comes from --expected-root or else from as-sha256's hasher.
//
//   node bench/ssz.js [--rounds N] [--threads N] [--quick] [--out FILE] [--validators N] [--expected-root HEX]
import {readFileSync} from "node:fs";
import os from "node:os";
import v8 from "node:v8";
import vm from "node:vm";
import {parseArgs} from "node:util";
import * as pmt from "@chainsafe/persistent-merkle-tree";
import {hasher as asSha256Hasher} from "@chainsafe/persistent-merkle-tree/hasher/as-sha256";
import {toHexString} from "@chainsafe/ssz";
import {simdEnabled} from "sha256-simd";
import {hasher as oursHasher} from "sha256-simd/hasher";
import {createHashPool} from "sha256-simd/pool";
import {sszTable} from "./report/readme.js";
import {buildInfo, environment, runIfScript, tryImport, writeJson} from "./report/results-files.js";
import {createState, modifiedState, preset} from "./cases/ssz-state.js";

/** The upstream test's expectedRoot, for its 200,000 validators, 100,000 modified. */
export const EXPECTED_ROOT_200K = "0xb0780ec0d44bff1ae8a351e98e37a9d8c3e28edb38c9d5a6312656e0cba915d9";

/** The cases: the hash step is executeHashComputations(hcByLevel) after an untimed state.commit(0, hcByLevel). */
export const CASES = {
  batchHashTreeRoot: "state.batchHashTreeRoot(hc)",
  hashTreeRoot: "state.hashTreeRoot()",
  hashStep: "hash step: executeHashComputations(hcByLevel)",
};

export function parseOptions(argv) {
  const {values} = parseArgs({
    args: argv,
    options: {
      rounds: {type: "string"},
      threads: {type: "string", default: "2"},
      validators: {type: "string", default: "200000"},
      "expected-root": {type: "string"},
      quick: {type: "boolean", default: false},
      out: {type: "string"},
    },
  });
  const int = (name, v, min) => {
    const n = Number(v);
    if (!Number.isInteger(n) || n < min) throw new Error(`--${name} must be an integer >= ${min}, got ${v}`);
    return n;
  };
  const validators = int("validators", values.validators, 2);
  const expectedRoot = values["expected-root"] ?? (validators === 200000 ? EXPECTED_ROOT_200K : null);
  const {quick, out} = values;
  const [rounds, threads] = [int("rounds", values.rounds ?? (quick ? 1 : 5), 1), int("threads", values.threads, 1)];
  return {rounds, threads, validators, modified: validators >> 1, expectedRoot, quick, out};
}

/** The global gc(), enabled at run time where node was not started with --expose-gc. */
function gcFunction() {
  if (typeof globalThis.gc === "function") return globalThis.gc;
  v8.setFlagsFromString("--expose-gc");
  return vm.runInNewContext("gc");
}

export const median = (xs) => [...xs].sort((a, b) => a - b)[(xs.length - 1) >> 1];

/**
 * The hasher with every method counted: a run through ssz that leaves the counts at zero means
 * ssz holds another persistent-merkle-tree than this file's, on which setHasher() has no effect.
 */
function counted(h) {
  const calls = {};
  const wrapper = {name: h.name};
  for (const [k, method] of Object.entries(h)) {
    if (typeof method !== "function") continue;
    calls[k] = 0;
    wrapper[k] = (...args) => (calls[k]++, method(...args));
  }
  return {wrapper, calls};
}

/** The version of a package as this file resolves it: up from its entry point, since not every one exports package.json. */
function version(name) {
  for (let url = new URL(".", import.meta.resolve(name)); url.pathname !== "/"; url = new URL("..", url)) {
    try {
      const pkg = JSON.parse(readFileSync(new URL("package.json", url), "utf8"));
      if (pkg.name === name) return pkg.version;
    } catch {}
  }
  return null;
}
const packages = ["@chainsafe/ssz", "@chainsafe/persistent-merkle-tree", "@chainsafe/hashtree", "@chainsafe/as-sha256"];

/**
 * Times CASES with each of `hashers` ({id, hasher}) in turns reversed every round, on a state of
 * `validators` of which `modified` changed; checks every root against `expectedRoot` (where null,
 * as-sha256's hasher computes it). Each hasher first runs once through a counted copy, so one that
 * does not reach ssz is an error. Returns {times: {case: {hasher id: ms[]}}, expectedRoot, hashStepNodes, calls: {hasher id: counts}}.
 */
export function timeCases(hashers, {rounds, validators: vc, modified, expectedRoot, log = () => {}}) {
  const gc = gcFunction();
  const previousHasher = pmt.hasher;
  try {
    // The original state is hashed with the reference, as-sha256's hasher: roots a run reuses from it are not the tested hasher's.
    let t = performance.now();
    pmt.setHasher(asSha256Hasher);
    const original = createState(vc);
    original.commit();
    original.node.root;
    expectedRoot ??= toHexString(modifiedState(original, vc, modified).hashTreeRoot());
    log(`original state of ${vc} validators built and hashed in ${((performance.now() - t) / 1e3).toFixed(1)} s`);

    // One timed run: a full GC, then a fresh state, prepared untimed. GC first,
    // so no run pays for the previous one's garbage and the new state's nodes
    // stay where V8 put them, as in the upstream test, which forces no GC
    // (docs/performance-notes.md, "ssz's BeaconState workload on the pool").
    const hc = new pmt.HashComputationGroup();
    let hashStepNodes = 0;
    const run = (id, h, hasher = h.hasher) => {
      pmt.setHasher(hasher);
      gc();
      const state = modifiedState(original, vc, modified);
      const hcByLevel = [];
      if (id === "hashStep") {
        state.commit(0, hcByLevel);
        hashStepNodes = hcByLevel.reduce((n, level) => n + level.length, 0);
      }
      const t0 = performance.now();
      if (id === "batchHashTreeRoot") state.batchHashTreeRoot(hc);
      else if (id === "hashTreeRoot") state.hashTreeRoot();
      else pmt.executeHashComputations(hcByLevel);
      const ms = performance.now() - t0;
      if (state.node.h0 === null) throw new Error(`${id} with ${h.id} left the root unhashed`);
      const hex = toHexString(state.node.root);
      if (hex !== expectedRoot) throw new Error(`${id} with ${h.id}: root ${hex}, expected ${expectedRoot}`);
      return ms;
    };
    const calls = {};
    for (const h of hashers) {
      const counts = counted(h.hasher);
      run("batchHashTreeRoot", h, counts.wrapper);
      const batch = {...counts.calls};
      run("hashTreeRoot", h, counts.wrapper);
      run("hashStep", h, counts.wrapper);
      if (!(batch.executeHashComputations > 0 && batch.digestNLevel > 0 && counts.calls.digest64HashObjects > batch.digest64HashObjects)) {
        throw new Error(`setHasher(${h.id}) did not reach ssz: calls ${JSON.stringify(counts.calls)}`);
      }
      calls[h.id] = counts.calls;
    }

    const times = Object.fromEntries(Object.keys(CASES).map((c) => [c, Object.fromEntries(hashers.map((h) => [h.id, []]))]));
    t = performance.now();
    for (let r = 0; r < rounds; r++) {
      const order = r % 2 ? [...hashers].reverse() : hashers;
      for (const c of Object.keys(CASES)) {
        for (const h of order) times[c][h.id].push(run(c, h));
      }
      log(`round ${r + 1}/${rounds} done (${((performance.now() - t) / 1e3).toFixed(1)} s)`);
    }
    return {times, expectedRoot, hashStepNodes, calls};
  } finally {
    pmt.setHasher(previousHasher);
  }
}

export async function main(argv, {stdout = process.stdout, stderr = process.stderr} = {}) {
  const opts = parseOptions(argv);
  const notes = [];
  const pool = await createHashPool({threads: opts.threads});
  try {
    const hashers = [
      {id: "ours", label: "sha256-simd", hasher: oursHasher},
      {id: "pool", label: `sha256-simd pool, ${pool.threads} threads`, hasher: pool.hasher},
    ];
    const hashtree = await tryImport("@chainsafe/persistent-merkle-tree/hasher/hashtree", notes, "hashtree left out: @chainsafe/hashtree did not load");
    if (hashtree) hashers.push({id: "hashtree", label: "@chainsafe/hashtree", hasher: hashtree.hasher});
    hashers.push({id: "as-sha256", label: "@chainsafe/as-sha256", hasher: asSha256Hasher});
    const {times, expectedRoot, hashStepNodes, calls} = timeCases(hashers, {...opts, log: (s) => stderr.write(`${s}\n`)});
    if (!opts.expectedRoot) notes.push(`expected root computed with as-sha256's hasher: ${expectedRoot}`);
    const map = (o, fn) => Object.fromEntries(Object.entries(o).map(([k, v]) => [k, fn(v)]));
    const doc = {
      benchmark: "ssz-beacon-state",
      build: await buildInfo(),
      env: environment({simd: simdEnabled, memoryGiB: Math.round(os.totalmem() / 2 ** 30)}),
      packages: Object.fromEntries(packages.map((n) => [n, version(n)])),
      options: {rounds: opts.rounds, threads: opts.threads, poolThreads: pool.threads, quick: opts.quick},
      workload: {
        upstream: "ChainSafe/ssz packages/ssz/test/perf/eth2/beaconState.test.ts",
        validators: opts.validators,
        modified: opts.modified,
        preset: "minimal",
        slotsPerHistoricalRoot: preset.SLOTS_PER_HISTORICAL_ROOT,
        historicalRoots: 1_000_000,
        expectedRoot,
        hashStepNodes,
      },
      hashers: hashers.map(({id, label, hasher}) => ({id, label, name: hasher.name, verifyCalls: calls[id]})),
      cases: CASES,
      times,
      summary: map(times, (byHasher) => map(byHasher, (xs) => ({bestMs: Math.min(...xs), medianMs: median(xs)}))),
      notes,
    };
    if (opts.out) writeJson(opts.out, doc);
    const text = [sszTable(doc), ...notes.map((n) => `Note: ${n}`), ""].join("\n");
    stdout.write(text);
    return {doc, text};
  } finally {
    await pool.close();
  }
}

runIfScript(import.meta.url, main);
