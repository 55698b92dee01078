// Whether the pool's hasher gains on ssz's BeaconState, and what its measuring
// (js/pool/gain.js) keeps it from losing: bench/ssz.js's three cases (its
// timeCases: fresh states, roots checked, hashers taking turns) with the
// single-threaded hasher, the pool as it is, and the pool that spreads every
// large level unmeasured. --busy N starts N processes that spin for the whole
// run, as other work on the machine would. --against DIR adds the pool of
// another checkout (git worktree add DIR COMMIT), as it is and spreading every
// level, for an A/B of the pool.
//
//   node lab/pool-gain.js [--rounds 7] [--busy 0] [--against DIR]
import {spawn} from "node:child_process";
import {resolve} from "node:path";
import {pathToFileURL} from "node:url";
import {parseArgs} from "node:util";
import {hasher as single} from "sha256-simd/hasher";
import {createHashPool} from "sha256-simd/pool";
import {CASES, EXPECTED_ROOT_200K, median, timeCases} from "../bench/ssz.js";

const {values} = parseArgs({options: {rounds: {type: "string", default: "7"}, busy: {type: "string", default: "0"}, against: {type: "string"}}});
const rounds = Number(values.rounds);
const busy = Array.from({length: Number(values.busy)}, () => spawn(process.execPath, ["-e", "for (;;);"], {stdio: "ignore"}));

const SPREAD = {[Symbol.for("sha256-simd/pool.spreadLevels")]: "always"};
const pools = {pool: await createHashPool({threads: 2}), "pool, every level spread": await createHashPool({threads: 2, ...SPREAD})};
if (values.against) {
  const other = await import(pathToFileURL(resolve(values.against, "js/generated/server-pool.js")).href);
  pools["pool, --against"] = await other.createHashPool({threads: 2});
  pools["pool, --against, every level spread"] = await other.createHashPool({threads: 2, ...SPREAD});
}
const hashers = [{id: "single-threaded", hasher: single}, ...Object.entries(pools).map(([id, pool]) => ({id, hasher: pool.hasher}))];
let times;
try {
  const log = (s) => console.error(s);
  ({times} = timeCases(hashers, {rounds, validators: 200000, modified: 100000, expectedRoot: EXPECTED_ROOT_200K, log}));
} finally {
  for (const p of busy) p.kill();
  for (const pool of Object.values(pools)) await pool.close();
}

console.log(`Node ${process.versions.node}, ${rounds} rounds, ${busy.length} busy processes; ms best / median, and over the single-threaded hasher's`);
for (const [c, byHasher] of Object.entries(times)) {
  const base = byHasher["single-threaded"];
  for (const [h, xs] of Object.entries(byHasher)) {
    const [best, mid] = [Math.min(...xs), median(xs)];
    const ratio = `${(best / Math.min(...base)).toFixed(2)} / ${(mid / median(base)).toFixed(2)}`;
    console.log(`${CASES[c].padEnd(48)} ${h.padEnd(36)} ${best.toFixed(1).padStart(7)} / ${mid.toFixed(1).padStart(7)}   ${ratio}`);
  }
}
