// The thread pool's cases of bench/cases/cases-pool.js, for the worker, which
// imports this module dynamically: it, sha256-simd/pool and
// persistent-merkle-tree are then a chunk of their own, fetched only by a run
// that asks for them. esbuild does not follow the package's
// `new Worker(new URL(...))`, so the pool's workers start from the copy of
// its worker script that build.js writes, pool-worker.js, named by
// workerUrl as the package's README says: one folder above this chunk.
//
// Left out here as in the hasher cases: hashtree (a native addon) and the
// validator cases (@chainsafe/ssz needs Node's Buffer).
import * as pmt from "@chainsafe/persistent-merkle-tree";
import {hasher as asSha256Hasher} from "@chainsafe/persistent-merkle-tree/hasher/as-sha256";
import {hasher as oursHasher} from "sha256-simd/hasher";
import {createHashPool} from "sha256-simd/pool";
import {makePoolCases, threadCounts} from "../../cases/cases-pool.js";

/**
 * Pools of 1, 2, 4, ... threads up to the browser's hardwareConcurrency and
 * their cases; resolves to {cases, threads: [[asked, in use], ...], close}.
 * Without cross-origin isolation every pool has 1 thread in use.
 */
export async function makeBrowserPoolCases(ours) {
  const cores = Math.max(1, navigator.hardwareConcurrency ?? 1);
  const pools = [];
  const workerUrl = new URL("../pool-worker.js", import.meta.url);
  for (const threads of threadCounts(cores)) pools.push({threads, pool: await createHashPool({threads, workerUrl})});
  const {cases, close} = await makePoolCases({ours, oursHasher, pmt, asSha256Hasher}, pools);
  return {
    cases,
    threads: pools.map(({threads, pool}) => [threads, pool.threads]),
    close: () => Promise.all([close(), ...pools.map(({pool}) => pool.close())]),
  };
}
