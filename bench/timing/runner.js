// The one timing runner of bench/ and lab/. runCases() checks bench/cases/
// against an oracle and times their contenders; interleave() times a few
// functions side by side (Hermes's portable backend, A/B runs, the crossover).
// Both time batches of back-to-back calls, spreading the clock's resolution
// and cost, in rounds where every contender runs once, in a turning order.
// The clock may come in (Hermes has no performance.now); by default it is
// performance.now(), which the jsc shell has too (2.50).
import {concatBytes} from "sha256-simd-support/bytes.js";

export const defaultOptions = {
  /** Rounds per case; each round runs every contender of the case once. */
  rounds: 5,
  /** Time of one contender in one round, ms. */
  time: 100,
  /** Warmup before each contender's round, ms (at least one batch). */
  warmupTime: 10,
  /** One timed batch, ms: 1 in Node; browsers whose performance.now() steps by 0.1 ms or more need 20 or more. */
  batchMs: 1,
};

/** Somewhere for results to go, so the engine cannot drop the calls. */
export let sink;

/** The clock where none comes in, in ms. */
const clock = () => performance.now();

export const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

/** ms that `n` calls of k.run take: a number, or for an async contender a promise of it. */
function batchOf(k, now) {
  const {run} = k;
  if (k.async) {
    // Promises chained, not an async function, which Hermes (interleave()'s) cannot parse.
    return (n) => {
      const t0 = now();
      const from = (i) => (i < n ? Promise.resolve(run()).then((r) => ((sink = r), from(i + 1))) : now() - t0);
      return from(0);
    };
  }
  return (n) => {
    const t0 = now();
    for (let i = 0; i < n; i++) sink = run();
    return now() - t0;
  };
}

/** f(x), or a promise of it where x is a promise: one loop for sync and async contenders. */
const then = (x, f) => (x instanceof Promise ? x.then(f) : f(x));

/**
 * Calls per batch so a batch lasts at least batchMs: doubles until two batches in a row do,
 * so a slow first call (compilation, a thread pool starting) does not fix one too short once warm.
 */
function calibrate(batch, batchMs, n = 1) {
  const done = (t) => t >= batchMs || n >= 1 << 24;
  return then(batch(n), (a) => then(done(a) && batch(n), (b) => (done(a) && done(b) ? n : calibrate(batch, batchMs, 2 * n))));
}

/** Batches of `n` calls for `ms`, and at least `least` of them: each batch's ms per call (a promise of them for an async batch). */
function samples(batch, n, ms, least, out = [], spent = 0) {
  while (spent < ms || out.length < least) {
    const t = batch(n);
    if (t instanceof Promise) return t.then((t) => samples(batch, n, ms, least, (out.push(t / n), out), spent + t));
    out.push(t / n);
    spent += t;
  }
  return out;
}

/**
 * Times each of `contenders` ({name: fn}, sync) in turn for `rounds` rounds of about `ms`, after `warmup`
 * untimed rounds (every tier compiled). Returns {name: {bestNs, medianNs, roundsNs}}: ns per call over
 * whole batches, divided by `per`; roundsNs each round's, in order.
 */
export function interleave(contenders, {now = clock, rounds = 7, ms = 200, per = 1, batchMs = 1, warmup = 0}) {
  if (warmup) interleave(contenders, {now, rounds: warmup, ms, batchMs});
  const timed = Object.entries(contenders).map(([name, run]) => {
    const batch = batchOf({run}, now);
    return {name, batch, n: calibrate(batch, batchMs), roundsNs: []};
  });
  for (let r = 0; r < rounds; r++) {
    for (const t of r % 2 ? [...timed].reverse() : timed) {
      const times = samples(t.batch, t.n, ms, 1);
      t.roundsNs.push((times.reduce((a, b) => a + b) * 1e6) / times.length / per);
    }
  }
  return Object.fromEntries(timed.map((t) => [t.name, {bestNs: Math.min(...t.roundsNs), medianNs: median(t.roundsNs), roundsNs: t.roundsNs}]));
}

/**
 * The median over rounds of b's time over a's in the same round: contenders in one round share the
 * machine's state, which on a shared machine drifts between rounds (up to 1.7×), so this ratio is
 * steadier than one of bests or of medians. aNs, bNs: interleave()'s roundsNs of a and b.
 */
export const pairedRatio = (aNs, bNs) => median(aNs.map((a, r) => bNs[r] / a));

async function withHooks(k, fn) {
  k.before?.();
  try {
    return await fn();
  } finally {
    k.after?.();
  }
}

/** Awaits fn(item, round) for each of `items` in each of `rounds` rounds, in an order rotated by one each round. */
export async function inTurns(items, rounds, fn) {
  for (let round = 0; round < rounds; round++) {
    for (let i = 0; i < items.length; i++) await fn(items[(i + round) % items.length], round);
  }
}

export const equalBytes = (a, b) => a.length === b.length && a.every((x, i) => x === b[i]);

/**
 * Checks each contender's output against the case's own `expected`, or the oracle's digests of its messages.
 * Returns a Map impl -> {correct, error?}.
 * @param {(bytes: Uint8Array) => Uint8Array | ArrayBuffer | Promise<Uint8Array | ArrayBuffer>} oracle
 */
export async function checkCase(c, oracle) {
  const expected = c.expected ?? concatBytes((await Promise.all(c.messages.map((m) => oracle(m)))).map((d) => new Uint8Array(d)));
  const marks = new Map();
  for (const k of c.contenders) {
    try {
      const got = await withHooks(k, k.output);
      const correct = Boolean(got) && equalBytes(got, expected);
      marks.set(k.impl, correct ? {correct} : {correct, error: "output differs from the oracle"});
    } catch (e) {
      marks.set(k.impl, {correct: false, error: String(e?.message ?? e)});
    }
  }
  return marks;
}

/**
 * Checks and times every case. Each round runs every correct contender once, for `time` ms after
 * `warmupTime`, in an order rotated by one each round so no contender always follows the same one.
 * A round's figure is the median of its batches; nsPerOp is the best round, nsPerOpMedian the median.
 * @param {import("../cases/common.js").Case[]} cases
 * @param {object} opts  defaultOptions plus oracle, and optionally onProgress({caseId, caseIndex, caseCount, phase, round, rounds, impl})
 */
export async function runCases(cases, opts) {
  const o = {...defaultOptions, ...opts};
  const progress = o.onProgress ?? (() => {});
  const rows = [];
  for (const [caseIndex, c] of cases.entries()) {
    const at = {caseId: c.id, caseIndex, caseCount: cases.length, rounds: o.rounds};
    progress({...at, phase: "check"});
    const marks = await checkCase(c, o.oracle);
    const timed = [];
    for (const k of c.contenders) {
      if (!marks.get(k.impl).correct) continue;
      progress({...at, phase: "calibrate", impl: k.impl});
      const batch = batchOf(k, clock);
      try {
        timed.push({k, batch, inner: await withHooks(k, () => calibrate(batch, o.batchMs)), perRound: [], samples: 0});
      } catch (e) {
        marks.set(k.impl, {correct: true, error: String(e?.message ?? e)});
      }
    }
    await inTurns(timed, o.rounds, async (t, round) => {
      if (t.error) return;
      progress({...at, phase: "run", round, impl: t.k.impl});
      try {
        const times = await withHooks(t.k, async () => {
          await samples(t.batch, t.inner, o.warmupTime, 1);
          return samples(t.batch, t.inner, o.time, 2);
        });
        t.perRound.push(median(times));
        t.samples += times.length;
      } catch (e) {
        t.error = String(e?.message ?? e);
      }
    });
    const caseRows = c.contenders.map(({impl}) => {
      const t = timed.find((x) => x.k.impl === impl);
      const {correct, error} = marks.get(impl);
      return resultRow(c, impl, {perRoundMs: t?.error ? [] : t?.perRound, correct, error: error ?? t?.error, samples: t?.samples ?? 0, calls: t?.inner ?? 0});
    });
    rows.push(...withRatios(caseRows));
  }
  return rows;
}

/** One result row: `perRoundMs` the case's ms per call in each round that gave a figure (none where `error`). */
export function resultRow(c, impl, {perRoundMs = [], correct, error, samples = perRoundMs.length, calls = 1}) {
  const ok = !error && perRoundMs.length > 0;
  const ns = ok ? (Math.min(...perRoundMs) * 1e6) / (c.opsPerCall ?? 1) : null;
  const row = {
    case: c.id,
    title: c.title,
    impl,
    unit: c.unit,
    nsPerOp: ns,
    nsPerOpMedian: ok ? (median(perRoundMs) * 1e6) / (c.opsPerCall ?? 1) : null,
    opsPerSec: ok ? 1e9 / ns : null,
    correct,
    rounds: perRoundMs.length,
    samples,
    callsPerSample: calls,
  };
  if (c.bytesPerOp && ok) row.mbPerSec = (c.bytesPerOp * 1e3) / ns;
  if (error) row.error = error;
  return row;
}

/** Sets ratioVsOurs and ratioVsAsSha256 on the rows of one case, each against that case's timed row; returns them. */
export function withRatios(rows) {
  const timedRow = (impl) => rows.find((r) => r.impl === impl && r.nsPerOp);
  const ours = timedRow("ours-simd") ?? timedRow("ours-js");
  const asSha = timedRow("as-sha256");
  for (const r of rows) {
    r.ratioVsOurs = r.nsPerOp && ours ? r.nsPerOp / ours.nsPerOp : null;
    r.ratioVsAsSha256 = r.nsPerOp && asSha ? asSha.nsPerOp / r.nsPerOp : null;
  }
  return rows;
}
