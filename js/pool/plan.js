// How sha256-simd/pool cuts a call into units: pure functions of the
// arguments and the thread count; the scheduler (js/pool/scheduler.js) runs what
// they plan.
import {MANY_PER_UNIT} from "./ops.js";
import {SLOT_IN} from "./slots.js";
import {BLOCK, CHUNK} from "../core/sizes.js";

/** The least items in a unit: far more work than a round trip to a worker costs (docs/performance-notes.md, "The pool"). */
export const MIN_UNIT = 128;

/**
 * The 64-byte compressions of an n-byte message, its padding included.
 * @param {number} n
 */
const compressions = (n) => Math.ceil((n + 9) / BLOCK);
/**
 * The largest power of two <= x, for x >= 1.
 * @param {number} x
 */
const floorPow2 = (x) => 2 ** Math.floor(Math.log2(x));

/**
 * A unit's share of `left` items left to do: a quarter of them on 2 threads, and at least `least`.
 * @param {number} left
 * @param {number} least
 * @param {number} threads
 * @returns {number}
 */
export const share = (left, least, threads) => Math.max(least, Math.ceil(left / (2 * threads)));

/**
 * Splits `items` into units, returned as their starts followed by the end:
 * each unit a share of what is left (guided self-scheduling), at most max
 * and at least MIN_UNIT. The first units are large, so that hand-offs are
 * few, and the last are small, so that the threads finish together: a
 * unit that a worker still holds at the end is done twice (the race).
 * @param {number} items
 * @param {number} max
 * @param {number} threads
 * @returns {number[]}
 */
export function plan(items, max, threads) {
  const at = [0];
  for (let done = 0; done < items; at.push(done)) {
    const left = items - done;
    done += Math.min(left, max, share(left, MIN_UNIT, threads));
  }
  return at;
}

/**
 * Units of digestManyInto, for messages of `lengths`: runs of messages
 * (start and end of each, one after another in `runs`) whose lengths, bytes
 * and digests fit a slot, each a share of the compressions left (as plan),
 * with the messages too long for a slot apart (`alone`, on the caller).
 * null where the call stays on the caller: where `spreads` says its
 * compressions are not worth spreading.
 * @param {readonly number[]} lengths
 * @param {(blocks: number) => boolean} spreads
 * @param {number} threads
 * @returns {{runs: number[], alone: number[]} | null}
 */
export function planMany(lengths, spreads, threads) {
  let blocks = 0;
  for (const n of lengths) blocks += compressions(n);
  if (!spreads(blocks)) return null;
  /** @type {number[]} */
  const runs = [];
  /** @type {number[]} */
  const alone = [];
  /** @type {(count: number, bytes: number) => boolean} */
  const fits = (count, bytes) => 4 * count + bytes <= SLOT_IN && count <= MANY_PER_UNIT;
  // Messages of a run are consecutive; one too long for a slot ends the run.
  let left = blocks;
  for (let i = 0; i < lengths.length; ) {
    if (!fits(1, lengths[i])) {
      alone.push(i);
      left -= compressions(lengths[i]);
      i++;
      continue;
    }
    const most = share(left, MIN_UNIT, threads);
    let count = 0;
    let bytes = 0;
    let unitBlocks = 0;
    runs.push(i);
    while (i < lengths.length && unitBlocks < most && fits(count + 1, bytes + lengths[i])) {
      bytes += lengths[i];
      unitBlocks += compressions(lengths[i]);
      count++;
      i++;
    }
    left -= unitBlocks;
    runs.push(i);
  }
  return {runs, alone};
}

/**
 * Subtrees of n chunks (n even) padded to 2^levels, as {first, count, size}:
 * each a power of two in size, a share of what is left as in plan, so the
 * sizes never grow and each starts at a multiple of its size; only the last
 * may be partial (padded to its size by merkleize).
 * @param {number} n
 * @param {number} levels
 * @param {number} threads
 * @returns {{first: number, count: number, size: number}[]}
 */
export function planSubtrees(n, levels, threads) {
  const max = Math.min(SLOT_IN / CHUNK, 2 ** (levels - 1));
  /** @type {{first: number, count: number, size: number}[]} */
  const subtrees = [];
  for (let first = 0; first < n; ) {
    const size = Math.min(max, floorPow2(share(n - first, 2 * MIN_UNIT, threads)));
    subtrees.push({first, count: Math.min(size, n - first), size});
    first += size;
  }
  return subtrees;
}
