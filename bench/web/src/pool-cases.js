// The thread pool's cases of bench/cases/cases-pool.js, for the worker, without
// hashtree and the validator cases, as the hasher cases. esbuild does not follow
// the package's `new Worker(new URL(...))`, so the pools' workers start from the
// pool-worker.js that build.js bundles from the package's export, named by
// workerUrl as the package's README says: one folder above this chunk.
import * as pmt from "@chainsafe/persistent-merkle-tree";
import {hasher as asSha256Hasher} from "@chainsafe/persistent-merkle-tree/hasher/as-sha256";
import {hasher as oursHasher} from "sha256-simd/hasher";
import {createHashPool} from "sha256-simd/pool";
import {makePoolCases} from "../../cases/cases-pool.js";

/**
 * Pools of 1, 2, 4, ... threads up to the browser's hardwareConcurrency and
 * their cases; resolves to {cases, threads: [[asked, in use], ...], close}.
 * Without cross-origin isolation every pool has 1 thread in use.
 */
export function makeBrowserPoolCases(ours) {
  const cores = Math.max(1, navigator.hardwareConcurrency ?? 1);
  const workerUrl = new URL("../pool-worker.js", import.meta.url);
  return makePoolCases({ours, oursHasher, pmt, asSha256Hasher}, cores, (threads) => createHashPool({threads, workerUrl}));
}
