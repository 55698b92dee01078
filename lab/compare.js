// Two builds of the package side by side in one engine, for lab/ab.js: every
// case of bench/cases/cases.js (and, on request, of cases-hasher.js and
// cases-beyond.js), each build through its public API as it ships, timed in
// interleaved rounds. Environment-neutral: the builds and the platform's
// SHA-256 for --beyond (node:crypto or WebCrypto) come in.
import * as pmt from "@chainsafe/persistent-merkle-tree";
import {hkdf} from "@noble/hashes/hkdf.js";
import {hmac} from "@noble/hashes/hmac.js";
import {pbkdf2} from "@noble/hashes/pbkdf2.js";
import {sha256} from "@noble/hashes/sha2.js";
import {makeBeyondCases} from "../bench/cases/cases-beyond.js";
import {makeCases} from "../bench/cases/cases.js";
import {makeHasherCases} from "../bench/cases/cases-hasher.js";
import {selectCases} from "../bench/cases/common.js";
import {grid} from "../bench/report/table.js";
import {equalBytes, interleave, pairedRatio} from "../bench/timing/runner.js";

/** The cases for one build `lib` ({ours, hasher}): each case with its contender "ours-simd" alone. */
async function casesOf(lib, native, {hasher, beyond}) {
  const libs = {ours: lib.ours, asSha256: lib.ours};
  const cases = await makeCases(libs);
  if (hasher) cases.push(...makeHasherCases({...libs, oursHasher: lib.hasher, asSha256Hasher: lib.hasher, pmt}));
  if (beyond) cases.push(...(await makeBeyondCases({...libs, noble: {sha256, hmac, hkdf, pbkdf2}, native}, {pbkdf2Iterations: 10000})));
  return cases;
}

/**
 * Times builds `a` and `b` ({ours, hasher} each) on every case whose id matches `filter`; returns
 * [{id, title, a: {bestNs, medianNs, roundsNs}, b: {...}, pairedRatio}], ns per op, pairedRatio the median
 * of b over a round by round. Each build's output is first compared with the other's; differing ones throw.
 */
export async function compareBuilds({a, b, native}, {filter, hasher = false, beyond = false, rounds = 15, ms = 60, log = () => {}}) {
  const [casesA, casesB] = await Promise.all([a, b].map((lib) => casesOf(lib, native, {hasher, beyond})));
  const pick = (c) => c.contenders.find((k) => k.impl === "ours-simd");
  const rows = [];
  for (const caseA of selectCases(casesA, {filter})) {
    const [runA, runB] = [pick(caseA), pick(casesB.find((c) => c.id === caseA.id))];
    if (!runA || !runB) continue;
    const [outA, outB] = [await runA.output(), await runB.output()];
    if (!equalBytes(outA, outB)) throw new Error(`${caseA.id}: the two builds' outputs differ`);
    log(caseA.id);
    const t = interleave({a: runA.run, b: runB.run}, {rounds, ms, per: caseA.opsPerCall ?? 1});
    rows.push({id: caseA.id, title: caseA.title, ...t, pairedRatio: pairedRatio(t.a.roundsNs, t.b.roundsNs)});
  }
  return rows;
}

/** The rows as a table: each build's best and median ns per op, and b over a: of the bests, of the medians, and round by round. */
export function compareTable(rows) {
  const f = (ns) => (ns >= 1e6 ? `${(ns / 1e6).toFixed(2)} ms` : ns >= 1e3 ? `${(ns / 1e3).toFixed(2)} µs` : `${ns.toFixed(1)} ns`);
  const both = (t) => `${f(t.bestNs)} / ${f(t.medianNs)}`;
  const ratios = (a, b) => `${(b.bestNs / a.bestNs).toFixed(3)} / ${(b.medianNs / a.medianNs).toFixed(3)}`;
  const body = rows.map(({title, a, b, pairedRatio}) => [title, both(a), both(b), ratios(a, b), pairedRatio.toFixed(3)]);
  return grid(["case", "a best / median", "b best / median", "b ÷ a, best / median", "b ÷ a, per round (median)"], body, true) + "\n";
}
