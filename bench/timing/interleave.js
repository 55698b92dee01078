// Interleaved timing for the benchmarks that run without tinybench: the
// portable backend's (bench/cases/portable-cases.js, which runs in Hermes)
// and the A/B scripts (bench/crossover.js, bench/compare-modules.js). Every
// contender runs once per round, in an order that alternates from round to
// round, and each reports its best and median. Environment-neutral: the
// clock comes in (Hermes has no performance.now).

/** ms per call of fn, over calls that last about `ms` (at least one call). */
function time(fn, now, ms) {
  let calls = 0;
  const start = now();
  let t = start;
  do {
    fn();
    calls++;
    t = now();
  } while (t - start < ms);
  return (t - start) / calls;
}

const median = (xs) => [...xs].sort((a, b) => a - b)[xs.length >> 1];

/**
 * Times each of `contenders` ({name: fn}) for `rounds` rounds of about `ms`
 * each, in turn; returns {name: {bestNs, medianNs, roundsNs}}, ns per call
 * divided by `per`, roundsNs each round's in order.
 */
export function interleave(contenders, {now, rounds = 7, ms = 200, per = 1}) {
  const names = Object.keys(contenders);
  const t = Object.fromEntries(names.map((n) => [n, []]));
  for (let r = 0; r < rounds; r++) {
    for (const name of r % 2 ? [...names].reverse() : names) t[name].push((time(contenders[name], now, ms) * 1e6) / per);
  }
  return Object.fromEntries(names.map((n) => [n, {bestNs: Math.min(...t[n]), medianNs: median(t[n]), roundsNs: t[n]}]));
}

/**
 * The median over rounds of b's time over a's in the same round: two
 * contenders timed side by side within a round share the machine's state,
 * which on a shared machine drifts between rounds (up to 1.7×), so this
 * ratio is steadier than one of bests or of medians.
 * @param {number[]} aNs interleave()'s roundsNs of a
 * @param {number[]} bNs of b
 */
export const pairedRatio = (aNs, bNs) => median(aNs.map((a, r) => bNs[r] / a));
