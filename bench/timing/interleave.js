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
 * each, in turn; returns {name: {bestNs, medianNs}}, ns per call divided by `per`.
 */
export function interleave(contenders, {now, rounds = 7, ms = 200, per = 1}) {
  const names = Object.keys(contenders);
  const t = Object.fromEntries(names.map((n) => [n, []]));
  for (let r = 0; r < rounds; r++) {
    for (const name of r % 2 ? [...names].reverse() : names) t[name].push((time(contenders[name], now, ms) * 1e6) / per);
  }
  return Object.fromEntries(names.map((n) => [n, {bestNs: Math.min(...t[n]), medianNs: median(t[n])}]));
}
