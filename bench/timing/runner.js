// Runs cases (see bench/cases/) with tinybench: checks every contender against an
// oracle, then times the contenders of a case in interleaved rounds, and
// returns one result row per contender in the schema of bench/results/.
// Environment-neutral: the oracle and the clock come in as options.
import {Bench} from "tinybench";

export const defaultOptions = {
  /** Rounds per case; each round runs every contender of the case once. */
  rounds: 5,
  /** Time budget of one contender in one round, ms. */
  time: 100,
  /** Warmup before each contender's round, ms (a warmup batch runs at least once). */
  warmupTime: 10,
  /**
   * Length of one timed batch of calls, ms. Each tinybench sample is one batch
   * of back-to-back calls divided by its length, so the timer's resolution and
   * its call cost are spread over the batch: 1 ms in Node; browsers whose
   * performance.now() steps by 0.1 ms or more need 20 ms or more.
   */
  batchMs: 1,
};

/** Somewhere for results to go, so the engine cannot drop the calls. */
export let sink;

const nowDefault = () => performance.now();

async function withHooks(c, fn) {
  c.before?.();
  try {
    return await fn();
  } finally {
    c.after?.();
  }
}

function equalBytes(a, b) {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/** The output a case expects: its own `expected`, or the oracle's digests of its messages. */
async function expectedOf(c, oracle) {
  if (c.expected) return c.expected;
  const expected = new Uint8Array(32 * c.messages.length);
  for (const [i, m] of c.messages.entries()) expected.set(new Uint8Array(await oracle(m)), 32 * i);
  return expected;
}

/**
 * Checks each contender's output against the case's expected output.
 * Returns a Map impl -> {correct, error?}.
 * @param {(bytes: Uint8Array) => Uint8Array | ArrayBuffer | Promise<Uint8Array | ArrayBuffer>} oracle
 */
export async function checkCase(c, oracle) {
  const expected = await expectedOf(c, oracle);
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
 * One tinybench task function: `inner` back-to-back calls, reported to
 * tinybench as one sample of the mean time per call. All contenders share this
 * loop's call site; giving each its own copy (new Function) changed digest64,
 * digest-32 B and hashInto-4 by under 3%, inside the run-to-run noise.
 */
function batchTask(k, inner, now) {
  const {run} = k;
  if (k.async) {
    return async () => {
      const t0 = now();
      for (let i = 0; i < inner; i++) sink = await run();
      const dt = now() - t0;
      return {overriddenDuration: dt / inner, overriddenIterationCost: dt};
    };
  }
  return () => {
    const t0 = now();
    for (let i = 0; i < inner; i++) sink = run();
    const dt = now() - t0;
    return {overriddenDuration: dt / inner, overriddenIterationCost: dt};
  };
}

/**
 * Calls per batch so that a batch lasts at least batchMs: doubles until two
 * batches in a row do, so a slow first call (compilation, a thread pool
 * starting) does not fix a batch that is too short once warm.
 */
async function calibrate(k, batchMs, now) {
  const time = async (n) => {
    const t0 = now();
    for (let i = 0; i < n; i++) sink = k.async ? await k.run() : k.run();
    return now() - t0;
  };
  let n = 1;
  while (n < 1 << 24 && !((await time(n)) >= batchMs && (await time(n)) >= batchMs)) n *= 2;
  return n;
}

export const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

/**
 * Checks and times every case. Each round runs every correct contender of the
 * case once, for `time` ms, in an order rotated by one each round so no
 * contender always follows the same one. A round's figure for a contender is
 * the median of its batch samples; nsPerOp is the best round, nsPerOpMedian
 * the median round.
 * @param {import("../cases/common.js").Case[]} cases
 * @param {object} opts  defaultOptions plus oracle, and optionally now() (ms)
 *   and onProgress({caseId, caseIndex, caseCount, phase, round, rounds, impl})
 */
export async function runCases(cases, opts) {
  const o = {...defaultOptions, ...opts};
  const now = o.now ?? nowDefault;
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
      try {
        const inner = await withHooks(k, () => calibrate(k, o.batchMs, now));
        timed.push({k, inner, fn: batchTask(k, inner, now), perRound: [], samples: 0, error: undefined});
      } catch (e) {
        marks.set(k.impl, {correct: true, error: String(e?.message ?? e)});
      }
    }
    for (let round = 0; round < o.rounds; round++) {
      const bench = new Bench({
        time: o.time,
        iterations: c.minSamples ?? 2,
        warmupTime: o.warmupTime,
        warmupIterations: 1,
        now,
      });
      for (let i = 0; i < timed.length; i++) {
        const t = timed[(i + round) % timed.length];
        bench.add(t.k.impl, t.fn, {
          async: t.k.async,
          beforeAll: t.k.before && (() => t.k.before()),
          afterAll: t.k.after && (() => t.k.after()),
        });
      }
      bench.addEventListener("cycle", (e) => progress({...at, phase: "run", round, impl: e.task?.name}));
      await bench.run();
      for (const t of timed) {
        const r = bench.getTask(t.k.impl).result;
        if (r.state === "completed") {
          t.perRound.push(r.latency.p50);
          t.samples += r.latency.samplesCount;
        } else {
          t.error ??= r.state === "errored" ? String(r.error?.message ?? r.error) : r.state;
        }
      }
    }
    rows.push(...caseRows(c, marks, timed));
  }
  return rows;
}

/** Result rows of one case, with the ratios. */
function caseRows(c, marks, timed) {
  const byImpl = new Map(timed.map((t) => [t.k.impl, t]));
  const rows = c.contenders.map((k) => {
    const t = byImpl.get(k.impl);
    const ok = t && !t.error && t.perRound.length > 0;
    const ns = ok ? (Math.min(...t.perRound) * 1e6) / c.opsPerCall : null;
    const row = {
      case: c.id,
      title: c.title,
      impl: k.impl,
      unit: c.unit,
      nsPerOp: ns,
      nsPerOpMedian: ok ? (median(t.perRound) * 1e6) / c.opsPerCall : null,
      opsPerSec: ok ? 1e9 / ns : null,
      correct: marks.get(k.impl).correct,
      rounds: t?.perRound.length ?? 0,
      samples: t?.samples ?? 0,
      callsPerSample: t?.inner ?? 0,
    };
    if (c.bytesPerOp && ok) row.mbPerSec = (c.bytesPerOp * 1e3) / ns;
    const error = marks.get(k.impl).error ?? t?.error;
    if (error) row.error = error;
    return row;
  });
  return withRatios(rows);
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
