// Whether the pool's hasher gains on ssz's BeaconState (bench/cases/ssz-state.js,
// as bench/ssz.js builds it), and what its measuring (js/pool/gain.js) keeps
// it from losing: bench/ssz.js's three cases with the
// single-threaded hasher, the pool as it is, and the pool that spreads every
// large level unmeasured, taking turns, each run on a fresh state after a
// full GC. --busy N starts N processes that spin for the whole run, as other
// work on the machine would.
//
// --against DIR adds the pool of another checkout (git worktree add DIR
// COMMIT), as it is and spreading every level, for an A/B of the pool.
//
//   node lab/pool-gain.js [--rounds 7] [--busy 0] [--against DIR]
import {spawn} from "node:child_process";
import v8 from "node:v8";
import vm from "node:vm";
import {resolve} from "node:path";
import {pathToFileURL} from "node:url";
import {parseArgs} from "node:util";
import * as pmt from "@chainsafe/persistent-merkle-tree";
import {hasher as asSha256Hasher} from "@chainsafe/persistent-merkle-tree/hasher/as-sha256";
import {hasher as single} from "sha256-simd/hasher";
import {createHashPool} from "sha256-simd/pool";
import {createState, modifiedState} from "../bench/cases/ssz-state.js";

const {values} = parseArgs({options: {rounds: {type: "string", default: "7"}, busy: {type: "string", default: "0"}, against: {type: "string"}}});
const rounds = Number(values.rounds);
const busy = Array.from({length: Number(values.busy)}, () => spawn(process.execPath, ["-e", "for (;;);"], {stdio: "ignore"}));
v8.setFlagsFromString("--expose-gc");
const gc = vm.runInNewContext("gc");

const SPREAD = {[Symbol.for("sha256-simd/pool.spreadLevels")]: "always"};
const measured = await createHashPool({threads: 2});
const always = await createHashPool({threads: 2, ...SPREAD});
const hashers = {"single-threaded": single, pool: measured.hasher, "pool, every level spread": always.hasher};
const pools = [measured, always];
if (values.against) {
  const other = await import(pathToFileURL(resolve(values.against, "js/generated/server-pool.js")).href);
  pools.push(await other.createHashPool({threads: 2}), await other.createHashPool({threads: 2, ...SPREAD}));
  hashers["pool, --against"] = pools[2].hasher;
  hashers["pool, --against, every level spread"] = pools[3].hasher;
}
const VALIDATORS = 200000;
pmt.setHasher(asSha256Hasher);
const original = createState(VALIDATORS);
original.commit();
original.node.root;
const group = new pmt.HashComputationGroup();
const cases = {
  "hash step": (state) => {
    const hcByLevel = [];
    state.commit(0, hcByLevel);
    return () => pmt.executeHashComputations(hcByLevel);
  },
  "state.batchHashTreeRoot(hc)": (state) => () => state.batchHashTreeRoot(group),
  "state.hashTreeRoot()": (state) => () => state.hashTreeRoot(),
};

const times = Object.fromEntries(Object.keys(cases).map((c) => [c, Object.fromEntries(Object.keys(hashers).map((h) => [h, []]))]));
try {
  for (let r = 0; r < rounds; r++) {
    const names = Object.keys(hashers);
    for (const h of r % 2 ? names.reverse() : names) {
      for (const [c, prepare] of Object.entries(cases)) {
        pmt.setHasher(hashers[h]);
        gc();
        const run = prepare(modifiedState(original, VALIDATORS, VALIDATORS >> 1));
        const t0 = performance.now();
        run();
        times[c][h].push(performance.now() - t0);
      }
    }
  }
} finally {
  for (const p of busy) p.kill();
  for (const pool of pools) await pool.close();
}

const median = (xs) => [...xs].sort((a, b) => a - b)[(xs.length - 1) >> 1];
console.log(`Node ${process.versions.node}, ${rounds} rounds, ${busy.length} busy processes; ms best / median, and over the single-threaded hasher's`);
for (const [c, byHasher] of Object.entries(times)) {
  const base = byHasher["single-threaded"];
  for (const [h, xs] of Object.entries(byHasher)) {
    const [best, mid] = [Math.min(...xs), median(xs)];
    const ratio = `${(best / Math.min(...base)).toFixed(2)} / ${(mid / median(base)).toFixed(2)}`;
    console.log(`${c.padEnd(28)} ${h.padEnd(36)} ${best.toFixed(1).padStart(7)} / ${mid.toFixed(1).padStart(7)}   ${ratio}`);
  }
}
