// executeHashComputations on the pool against the single-threaded hasher, on
// generated levels with generated faults: the same return, the same error,
// the same applyHash calls in the same order, and each digest applied is
// node:crypto's of its two children. Each case is drawn from a seed; a
// failure names the run's seed, and SIDE_EFFECTS_SEED=<seed> replays it
// (SIDE_EFFECTS_CASES=<n> runs more cases).
import assert from "node:assert/strict";
import {HashComputationLevel} from "@chainsafe/persistent-merkle-tree";
import {hasher} from "sha256-simd/hasher";
import {MIN_PARALLEL_HASHES, createHashPool} from "sha256-simd/pool";
// The source entry first: levels.js takes BATCH from the I/O buffer of the core it loads.
import "../js/index.js";
import {BATCH} from "../js/core/levels.js";
import {pseudoRandomBytes, pseudoRandomInts, sha256Oracle, toHex} from "./support/helpers.js";
import {SPREAD_ALWAYS, THREADS} from "./support/pool.js";
import {faultyWorkers} from "./fixtures/faults.js";

const SEED = Number(process.env.SIDE_EFFECTS_SEED ?? Math.floor(Math.random() * 2 ** 31));
const CASES = Number(process.env.SIDE_EFFECTS_CASES ?? 200);
const SHAPES = ["array", "one-shot", "HashComputationLevel"];
const FAULTS = ["none", "applyHash throws", "applyHash throws once", "applyHash calls the hasher", "not a HashComputation", "src0 getter throws"];
const INVALID = ["null", "no src1", "src0 not a HashObject", "dest without applyHash"];
/** Words logged per applyHash call: the node, its digest, the src0s read by then. */
const LOGGED = 10;

/**
 * A case drawn from its seed: one or two levels, each of a size above the
 * pool's threshold (some across a batch's end), a shape, for a one-shot
 * level a length that may be wrong, and one fault at a random place.
 */
function drawCase(seed) {
  const int = pseudoRandomInts(seed);
  const pick = (list) => list[int(list.length)];
  const small = () => MIN_PARALLEL_HASHES + int(MIN_PARALLEL_HASHES);
  // Across a batch's end, and two batches each large enough to spread.
  const sizes = [small, small, small, () => BATCH - 300 + int(600), () => BATCH + MIN_PARALLEL_HASHES + int(2000)];
  const levels = Array.from({length: int(3) === 0 ? 2 : 1}, () => {
    const size = pick(sizes)();
    const shape = pick(SHAPES);
    const lengthOff = shape === "one-shot" ? pick([0, 0, 3, -3, -1000, 20000]) : 0;
    return {size, shape, lengthOff};
  });
  const level = int(levels.length);
  const {size} = levels[level];
  // Anywhere, or near where the level, a batch or a level's wrong length ends.
  const near = (end) => Math.max(0, Math.min(size - 1, end - 20 + int(40)));
  const index = pick([() => int(size), () => near(size), () => near(BATCH), () => near(size + levels[level].lengthOff)])();
  const fault = {kind: pick(FAULTS), level, index, invalid: pick(INVALID), nested: int(4) === 0 ? MIN_PARALLEL_HASHES + 1 : 3};
  return {seed, levels, fault};
}

/**
 * Builds a case's levels anew, with dests that log each applyHash call to
 * `log`: the dest's id, the digest's words, and how many src0s had been
 * read by then. The children of pair `id` are pairs[16 id .. 16 id + 16).
 * reentrant() is the hasher that a reentrant applyHash calls, whose results
 * are logged too (id -1 - id: its digest64HashObjects of pair id's children).
 */
function build(c, log, reentrant) {
  const total = c.levels.reduce((n, {size}) => n + size, 0) + c.fault.nested;
  const pairs = new Int32Array(pseudoRandomBytes(64 * total, c.seed).buffer);
  let reads = 0;
  const hashObject = (at) => ({h0: pairs[at], h1: pairs[at + 1], h2: pairs[at + 2], h3: pairs[at + 3], h4: pairs[at + 4], h5: pairs[at + 5], h6: pairs[at + 6], h7: pairs[at + 7]});
  const counted = (at) => {
    const h = hashObject(at);
    const h0 = h.h0;
    return Object.defineProperty(h, "h0", {get: () => (reads++, h0)});
  };
  const logged = (id, h) => log.push(id, h.h0, h.h1, h.h2, h.h3, h.h4, h.h5, h.h6, h.h7, reads);
  let nextId = 0;
  const pair = (faulty) => {
    const id = nextId++;
    const hc = {src0: counted(16 * id), src1: hashObject(16 * id + 8), dest: {applyHash: (h) => logged(id, h)}};
    if (!faulty) return hc;
    const {kind, invalid, nested} = c.fault;
    if (kind === "applyHash throws") {
      hc.dest.applyHash = () => {
        throw new RangeError(`applyHash of node ${id}`);
      };
    } else if (kind === "applyHash throws once") {
      let thrown = false;
      hc.dest.applyHash = (h) => {
        if (!thrown) throw ((thrown = true), new Error(`once, node ${id}`));
        logged(id, h);
      };
    } else if (kind === "applyHash calls the hasher") {
      hc.dest.applyHash = (h) => {
        logged(id, h);
        reentrant().executeHashComputations([Array.from({length: nested}, () => pair(false))]);
        const parent = {};
        reentrant().digest64HashObjects(hc.src0, hc.src1, parent);
        logged(-1 - id, parent);
      };
    } else if (kind === "src0 getter throws") {
      Object.defineProperty(hc.src0, "h3", {
        get: () => {
          throw new TypeError(`h3 of node ${id}`);
        },
      });
    } else if (kind === "not a HashComputation") {
      if (invalid === "null") return null;
      if (invalid === "no src1") hc.src1 = null;
      if (invalid === "src0 not a HashObject") hc.src0 = {h0: "0"};
      if (invalid === "dest without applyHash") hc.dest = {};
    }
    return hc;
  };
  const levels = c.levels.map(({size, shape, lengthOff}, l) => {
    const items = Array.from({length: size}, (_, i) => pair(c.fault.kind !== "none" && l === c.fault.level && i === c.fault.index));
    if (shape === "array") return items;
    if (shape === "one-shot") {
      return Object.assign(
        (function* () {
          yield* items;
        })(),
        {length: size + lengthOff},
      );
    }
    const level = new HashComputationLevel();
    for (const hc of items) level.push(hc?.src0 ?? null, hc?.src1 ?? null, hc?.dest ?? null);
    return level;
  });
  return {levels, pairs};
}

/** What a call ended with: its return, or what it threw, as [class, message] (a thrown primitive as itself). */
function outcome(fn) {
  try {
    return {returned: fn()};
  } catch (e) {
    return {threw: e instanceof Error ? [e.constructor.name, e.message] : e};
  }
}

/** Runs case c on `h`, reentrant calls on `reentrant`: its outcome, its log, and the pairs hashed. */
function run(c, h, reentrant = h) {
  const log = [];
  const {levels, pairs} = build(c, log, () => reentrant);
  return {...outcome(() => h.executeHashComputations(levels)), log, pairs};
}

/** Each logged digest against node:crypto's of its dest's pair, as little-endian words. */
function checkOracle({log, pairs}, what) {
  const got = new Int32Array(8);
  for (let at = 0; at < log.length; at += LOGGED) {
    const id = log[at] < 0 ? -1 - log[at] : log[at];
    got.set(log.slice(at + 1, at + 9));
    const expected = sha256Oracle(new Uint8Array(pairs.buffer, 64 * id, 64));
    assert.equal(toHex(new Uint8Array(got.buffer)), toHex(expected), `${what}: the digest applied to node ${log[at]}`);
  }
}

/** Asserts that two runs applied the same nodes in the same order, with the same digests, each after as many reads. */
function assertSameLog(got, expected, what) {
  const nodes = (log) => log.length / LOGGED;
  for (let at = 0; at < Math.min(got.length, expected.length); at += LOGGED) {
    const call = `${what}: call ${at / LOGGED} applied node ${got[at]}, the single-threaded hasher node ${expected[at]}`;
    for (let k = 0; k < 9; k++) if (got[at + k] !== expected[at + k]) assert.fail(`${call} (or another digest)`);
    if (got[at + 9] !== expected[at + 9]) assert.fail(`${call}, after ${got[at + 9]} src0s read, not ${expected[at + 9]}`);
  }
  assert.equal(nodes(got), nodes(expected), `${what}: applyHash calls`);
}

describe("sha256-simd/pool: executeHashComputations with the single-threaded hasher's side effects, on generated cases", function () {
  this.timeout(600000);
  const pools = {};
  before(async () => {
    pools["every batch spread"] = await createHashPool({threads: THREADS, ...SPREAD_ALWAYS});
    pools.measured = await createHashPool({threads: THREADS});
    // Workers slower than the caller's reading: the caller reads a batch
    // ahead of them, and applies what they finish while they hash the rest.
    const slow = faultyWorkers();
    slow.slow(1);
    pools["every batch spread, slow workers"] = await createHashPool({threads: THREADS, ...SPREAD_ALWAYS, [Symbol.for("sha256-simd/pool.workerScript")]: slow.script});
  });
  after(async () => {
    for (const pool of Object.values(pools)) await pool.close();
  });

  it(`${CASES} cases: the same return, error and applyHash calls, in the same order, with node:crypto's digests`, () => {
    // Levels across a batch's end need the batch's size: a whole number of pairs, more than the pool's threshold.
    assert.ok(Number.isInteger(BATCH) && BATCH > MIN_PARALLEL_HASHES, `BATCH is ${BATCH}`);
    const drawn = new Map();
    const seeds = pseudoRandomInts(SEED);
    for (let i = 0; i < CASES; i++) {
      const c = drawCase(seeds(2 ** 31));
      const where = `seed ${SEED}, case ${i} (replay: SIDE_EFFECTS_SEED=${SEED}); ${JSON.stringify({levels: c.levels, fault: c.fault})}`;
      drawn.set(c.fault.kind, (drawn.get(c.fault.kind) ?? 0) + 1);
      const expected = run(c, hasher);
      checkOracle(expected, `single-threaded, ${where}`);
      for (const [name, pool] of Object.entries(pools)) {
        const got = run(c, pool.hasher);
        const what = `pool, ${name}, ${where}`;
        assert.deepEqual(got.threw, expected.threw, `${what}: what it threw`);
        assert.equal(got.returned, expected.returned, `${what}: what it returned`);
        assertSameLog(got.log, expected.log, what);
      }
    }
    // Every kind of fault is drawn in a run of 200.
    if (CASES >= 200) assert.deepEqual([...drawn.keys()].sort(), [...FAULTS].sort(), "faults drawn");
  });

  it("closes a level's iterator where an error leaves it, as for-of does, on both hashers", () => {
    for (const h of [hasher, ...Object.values(pools).map((p) => p.hasher)]) {
      let closed = false;
      const level = (function* () {
        try {
          for (let i = 0; i < 2 * MIN_PARALLEL_HASHES; i++) yield i === MIN_PARALLEL_HASHES + 1 ? {} : {src0: {h0: 0, h1: 0, h2: 0, h3: 0, h4: 0, h5: 0, h6: 0, h7: 0}, src1: {h0: 0, h1: 0, h2: 0, h3: 0, h4: 0, h5: 0, h6: 0, h7: 0}, dest: {applyHash() {}}};
        } finally {
          closed = true;
        }
      })();
      assert.throws(() => h.executeHashComputations([Object.assign(level, {length: 2 * MIN_PARALLEL_HASHES})]), {message: `Invalid HashComputation at index ${MIN_PARALLEL_HASHES + 1}`});
      assert.ok(closed, h.name);
    }
  });
});
