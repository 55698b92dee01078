// Benchmark cases for sha256-simd/pool: the pool at 1, 2, 4, ... threads (up
// to the core count) against the single-threaded package (ours-simd, the
// baseline of every ratio) and native hashtree, on the jobs the pool splits:
// hashInto, merkleizeBlocksBytes, executeHashComputations, and ssz
// hashTreeRoot through setHasher(pool.hasher).
//
// Targets, where c is the core count: the single-threaded time over the
// pool's at c threads is at least 0.85 c for hashInto of 2^16 and 2^20
// messages and merkleizeBlocksBytes of 2^16 and 2^20 chunks; at any thread
// count, no case is more than 5% slower than single-threaded.
import {pseudoRandomBytes, targetAtMost} from "./cases.js";
import {makeHasherCases} from "./cases-hasher.js";

/** Thread counts to time: 1, 2, 4, 8, 16 up to `cores`, and `cores` itself. */
export function threadCounts(cores) {
  const counts = [1, 2, 4, 8, 16].filter((t) => t <= cores);
  if (!counts.includes(cores)) counts.push(cores);
  return counts;
}

/** Ids of the cases with the scaling target. Every id here starts with "pool-". */
const SCALING = new Set([
  "pool-hashInto-65536",
  "pool-hashInto-1048576",
  "pool-hasher-merkleizeBlocksBytes-2^16",
  "pool-hasher-merkleizeBlocksBytes-2^20",
]);

async function hashIntoCase(n, pools, hashtree, startSplit) {
  const input = pseudoRandomBytes(64 * n, n);
  const messages = [];
  for (let i = 0; i < n; i++) messages.push(input.subarray(64 * i, 64 * i + 64));
  const make = (impl, hashInto) => {
    const out = new Uint8Array(32 * n);
    const run = () => (hashInto(input, out), out);
    return {impl, run, async: false, output: async () => run().slice()};
  };
  const split = startSplit ? await startSplit(input) : undefined;
  return {
    split,
    contenders: [
      ...pools.map(({impl, pool}) => make(impl, (i, o) => pool.hashInto(i, o))),
      ...(split ? [{impl: split.impl, run: split.run, async: false, output: async () => split.run().slice()}] : []),
      ...(hashtree ? [make("hashtree", (i, o) => hashtree.hashInto(i, o))] : []),
    ],
    spec: {
      id: `pool-hashInto-${n}`,
      title: `pool: hashInto, ${n} messages`,
      description: `hashInto() of ${n} 64-byte messages into ${n} digests; time per hash`,
      messages,
      opsPerCall: n,
      unit: "hash",
    },
  };
}

/**
 * Builds the pool cases. `pools` are [{threads, pool}] from createHashPool;
 * libs are those of cases-hasher.js plus `ours` and, where it loads,
 * `hashtree`, and, where given, `startSplit(input)`: the uncoordinated
 * split of pool-split.js at `cores` threads, timed on the two hashInto
 * cases with a scaling target. Resolves to {cases, close}.
 */
export async function makePoolCases(libs, pools, cores) {
  const named = pools.map(({threads, pool}) => ({threads, impl: `pool-${threads}`, pool}));
  const ours = {impl: "ours-simd", pool: libs.ours};
  const targets = (id) =>
    named.map(({threads, impl}) =>
      SCALING.has(id) && threads === cores
        ? targetAtMost(impl, 1 / (0.85 * cores), `>= ${(0.85 * cores).toFixed(2)}x faster`)
        : targetAtMost(impl, 1.05, "<= 5% slower"),
    );
  const cases = [];
  const splits = [];
  for (const n of [16, 1024, 65536, 2 ** 20]) {
    const withSplit = SCALING.has(`pool-hashInto-${n}`) ? libs.startSplit : undefined;
    const {spec, contenders, split} = await hashIntoCase(n, [ours, ...named], libs.hashtree, withSplit);
    if (split) splits.push(split);
    cases.push({...spec, targets: targets(spec.id), contenders});
  }
  const hasherCases = makeHasherCases(libs, {
    chunks20: true,
    hashers: named.map(({impl, pool}) => ({impl, hasher: pool.hasher})),
  });
  for (const c of hasherCases) cases.push({...c, id: `pool-${c.id}`, title: `pool: ${c.title}`, targets: targets(`pool-${c.id}`)});
  return {cases, close: () => Promise.all(splits.map((s) => s.close()))};
}
