// The portable backend against @noble/hashes in one engine, for the places
// where WebAssembly is missing: digest64, hashInto per message and a 1 MiB
// digest, timed in interleaved rounds. Environment-neutral (Hermes has no
// performance.now, so the clock comes in).
import {sha256} from "@noble/hashes/sha2.js";
import {pseudoRandomBytes} from "sha256-simd-support/bytes.js";
import {interleave} from "../timing/runner.js";

const m64 = pseudoRandomBytes(64, 1);
const batch = pseudoRandomBytes(64 * 256, 2);
const batchOut = new Uint8Array(32 * 256);
const mib = pseudoRandomBytes(1 << 20, 3);

/** Each case: the work of one call per contender and how many messages it hashes. */
function cases(lib) {
  return [
    {name: "digest64", per: 1, ours: () => lib.digest64(m64), noble: () => sha256(m64)},
    {
      name: "hashInto (per message)",
      per: 256,
      ours: () => lib.hashInto(batch, batchOut),
      noble: () => {
        for (let i = 0; i < 256; i++) batchOut.set(sha256(batch.subarray(64 * i, 64 * i + 64)), 32 * i);
      },
    },
    {name: "digest 1 MiB", per: 1, ours: () => lib.digest(mib), noble: () => sha256(mib)},
  ];
}

/**
 * Times sha256-simd (`lib`, on its portable backend) and noble, `rounds` rounds of `ms` each per contender,
 * alternating; returns one row per case: best and median ns per message of each, and noble's time over ours.
 */
export function runPortable(lib, {now, rounds = 7, ms = 200}) {
  return cases(lib).map((c) => {
    const t = interleave({ours: c.ours, noble: c.noble}, {now, rounds, ms, per: c.per});
    return {
      case: c.name,
      oursBestNs: t.ours.bestNs,
      nobleBestNs: t.noble.bestNs,
      oursMedianNs: t.ours.medianNs,
      nobleMedianNs: t.noble.medianNs,
      ratioBest: t.noble.bestNs / t.ours.bestNs,
      ratioMedian: t.noble.medianNs / t.ours.medianNs,
    };
  });
}
