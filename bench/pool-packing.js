// How much of executeHashComputations is JavaScript on the caller: packing
// each pair of HashObjects into words and applying each result to its node,
// which the pool cannot move to its workers (the nodes live in the caller's
// heap). Times, on a 250,000-leaf tree, the single-threaded hasher, the
// pool's, and that packing and unpacking alone (no hashing).
//
//   node bench/pool-packing.js [threads]
import {LeafNode, subtreeFillToContents} from "@chainsafe/persistent-merkle-tree";
import {hasher} from "sha256-simd/hasher";
import {createHashPool} from "sha256-simd/pool";
import {pseudoRandomBytes} from "../test/support/bytes.js";
import {apply, destsByLevel, pack} from "./ssz-split.js";

const count = 250000;
const bytes = pseudoRandomBytes(32 * count, 25);
const leaves = [];
for (let i = 0; i < count; i++) leaves.push(LeafNode.fromRoot(bytes.subarray(32 * i, 32 * i + 32)));
const hcByLevel = [];
subtreeFillToContents(leaves, 18, 0, hcByLevel);
const pool = await createHashPool({threads: Number(process.argv[2] ?? 2)});
const dests = destsByLevel(hcByLevel);
// The caller's share, as bench/ssz.js splits it: packing every pair, then
// applying a result to every node.
function packOnly() {
  pack(hcByLevel);
  apply(dests);
}

const median = (fn, runs = 15) => {
  const t = [];
  for (let i = 0; i < runs; i++) {
    const s = performance.now();
    fn();
    t.push(performance.now() - s);
  }
  return t.sort((a, b) => a - b)[runs >> 1];
};
for (let round = 0; round < 2; round++) {
  const single = median(() => hasher.executeHashComputations(hcByLevel));
  const pooled = median(() => pool.hasher.executeHashComputations(hcByLevel));
  const packing = median(packOnly);
  console.log(
    `${process.version} threads ${pool.threads}: single ${single.toFixed(1)} ms, pool ${pooled.toFixed(1)} ms, ` +
      `packing and applying alone ${packing.toFixed(1)} ms (${((100 * packing) / single).toFixed(0)}% of single)`,
  );
}
await pool.close();
