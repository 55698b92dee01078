// Interleaved timing for the benchmarks with their own cases (portable-cases.js,
// beyond-cases.js): every contender runs once per round, in an order that
// alternates from round to round, and each reports its best and median.
// Environment-neutral: the clock comes in (Hermes has no performance.now).

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

/** time() for a fn that returns a promise: each call awaited before the next. */
async function timeAsync(fn, now, ms) {
  let calls = 0;
  const start = now();
  let t = start;
  do {
    await fn();
    calls++;
    t = now();
  } while (t - start < ms);
  return (t - start) / calls;
}

const median = (xs) => [...xs].sort((a, b) => a - b)[xs.length >> 1];

const order = (names, r) => (r % 2 ? [...names].reverse() : names);

const summary = (names, t) => Object.fromEntries(names.map((n) => [n, {bestNs: Math.min(...t[n]), medianNs: median(t[n])}]));

/**
 * Times each of `contenders` ({name: fn}) for `rounds` rounds of about `ms`
 * each, in turn; returns {name: {bestNs, medianNs}}, ns per call divided by `per`.
 */
export function interleave(contenders, {now, rounds = 7, ms = 200, per = 1}) {
  const names = Object.keys(contenders);
  const t = Object.fromEntries(names.map((n) => [n, []]));
  for (let r = 0; r < rounds; r++) {
    for (const name of order(names, r)) t[name].push((time(contenders[name], now, ms) * 1e6) / per);
  }
  return summary(names, t);
}

/**
 * interleave() where the contenders named in `async` return promises (WebCrypto):
 * those are timed as loops of awaited calls, the others as interleave() times
 * them, without an await between their calls. Resolves to the same shape.
 */
export async function interleaveAsync(contenders, {now, rounds = 7, ms = 200, per = 1, async = new Set()}) {
  const names = Object.keys(contenders);
  const t = Object.fromEntries(names.map((n) => [n, []]));
  for (let r = 0; r < rounds; r++) {
    for (const name of order(names, r)) {
      const fn = contenders[name];
      t[name].push(((async.has(name) ? await timeAsync(fn, now, ms) : time(fn, now, ms)) * 1e6) / per);
    }
  }
  return summary(names, t);
}
