// Benchmark cases for sha256-simd/pool: the pool at 1, 2, 4, ... threads (up
// to the core count) against the single-threaded package (ours-simd, the
// baseline of every ratio) and native hashtree, on the jobs the pool splits:
// hashInto, merkleizeBlocksBytes and executeHashComputations.
import {contender, pseudoRandomBytes, splitBytes} from "./common.js";
import {makeHasherCases} from "./cases-hasher.js";

/** Thread counts to time: 1, 2, 4, 8, 16 up to `cores`, and `cores` itself. */
export const threadCounts = (cores) => [...new Set([...[1, 2, 4, 8, 16].filter((t) => t <= cores), cores])];

/**
 * Builds the pool cases, on pools of threadCounts(cores) threads, each from `createPool(threads)` (createHashPool's
 * promise). libs are those of cases-hasher.js plus `ours`, `hashtree` where it loads, and where given
 * `startSplit(input)`: pool-split.js's uncoordinated split on every core, timed on the two largest hashInto cases.
 * Resolves to {cases, threads: [[asked, in use], ...], close}, close() closing the pools too.
 */
export async function makePoolCases(libs, cores, createPool) {
  const pools = [];
  for (const threads of threadCounts(cores)) pools.push({threads, pool: await createPool(threads)});
  const named = pools.map(({threads, pool}) => ({impl: `pool-${threads}`, pool}));
  const cases = [];
  const splits = [];
  for (const n of [16, 1024, 65536, 2 ** 20]) {
    const input = pseudoRandomBytes(64 * n, n);
    const into = (impl, hashInto) => {
      const out = new Uint8Array(32 * n);
      return contender(impl, {run: () => (hashInto(input, out), out)});
    };
    const contenders = [{impl: "ours-simd", pool: libs.ours}, ...named].map(({impl, pool}) => into(impl, (i, o) => pool.hashInto(i, o)));
    // The machine's ceiling, where the pool has enough work to split.
    if (libs.startSplit && n >= 65536) {
      const split = await libs.startSplit(input);
      splits.push(split);
      contenders.push(contender(split.impl, {run: split.run}));
    }
    if (libs.hashtree) contenders.push(into("hashtree", (i, o) => libs.hashtree.hashInto(i, o)));
    cases.push({
      id: `pool-hashInto-${n}`,
      title: `pool: hashInto, ${n} messages`,
      description: `hashInto() of ${n} 64-byte messages into ${n} digests; time per hash`,
      messages: splitBytes(input, 64),
      opsPerCall: n,
      unit: "hash",
      contenders,
    });
  }
  const hashers = named.map(({impl, pool}) => ({impl, hasher: pool.hasher}));
  for (const c of makeHasherCases(libs, {chunks20: true, hashers})) cases.push({...c, id: `pool-${c.id}`, title: `pool: ${c.title}`});
  const close = () => Promise.all([...splits.map((s) => s.close()), ...pools.map(({pool}) => pool.close())]);
  return {cases, threads: pools.map(({threads, pool}) => [threads, pool.threads]), close};
}
