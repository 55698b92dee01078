// The cases of bench/beyond-cases.js (HMAC, HKDF, PBKDF2, digestParts,
// digestMany) for the worker, which imports this module dynamically: it and
// noble's HMAC, HKDF and PBKDF2 are then a chunk of their own, fetched only by
// a run that asks for them (?beyond=1). The contenders are the worker's
// sha256-simd (the page's main entry), @noble/hashes and WebCrypto; WebCrypto
// is also the oracle every one of them is checked against before it is timed.
//
// These cases are timed by bench/interleave.js, as bench/beyond.js times them,
// not by the runner: their rows are made here in the schema of bench/results/.
import {hkdf} from "@noble/hashes/hkdf.js";
import {hmac} from "@noble/hashes/hmac.js";
import {pbkdf2} from "@noble/hashes/pbkdf2.js";
import {sha256} from "@noble/hashes/sha2.js";
import {checkBeyondCase, makeBeyondCases, roundsOf, timeBeyondCase} from "../../beyond-cases.js";
import {webCrypto} from "../../beyond-native.js";

/**
 * 100000 in bench/beyond.js, where a call of noble's takes a sixth of a second
 * on a fast desktop CPU: the page also runs on slower ones and phones.
 */
export const pbkdf2Iterations = 10000;

/** What the results file's notes say of these cases, given the rounds and ms they ran with. */
export function beyondNotes({rounds, ms}) {
  return [
    `beyond-* cases: bench/beyond-cases.js, each contender checked against WebCrypto (HMAC sign, HKDF and PBKDF2 deriveBits, digest) ` +
      `before it is timed, then timed by bench/interleave.js: ${rounds} rounds of about ${ms} ms per contender in alternating order ` +
      `(PBKDF2: one call per round, at most 5 rounds); nsPerOp is the best round's mean, nsPerOpMedian the median round's, samples the rounds`,
    `beyond-* cases: PBKDF2 at ${pbkdf2Iterations} iterations (bench/beyond.js: 100000), for the browser's sake`,
    "beyond-* cases: WebCrypto is asynchronous, its calls awaited one after another; it keeps an imported HMAC key, " +
      "imports the HKDF and PBKDF2 secrets per call, and hashes whole messages only: digestParts is its digest of the " +
      "concatenation, digestMany a Promise.all of digests",
  ];
}

/**
 * The cases as the worker runs them: {id, title, description, unit,
 * opsPerCall, impls, check(), time({now, rounds, ms})}, where check() resolves
 * to the marks by impl and time() to the rows of bench/results/ (only the
 * contenders check() found correct are timed). Ours is `ours-<backend>`, as
 * the other cases name it; `impl` (a regex) keeps the matching contenders.
 */
export async function makeBrowserBeyondCases(ours, subtle, {impl} = {}) {
  const libs = {ours, noble: {sha256, hmac, hkdf, pbkdf2}, native: webCrypto(subtle)};
  const implOf = (name) => (name === "ours" ? `ours-${ours.backend}` : name);
  const keep = impl ? new RegExp(impl) : null;
  return (await makeBeyondCases(libs, {pbkdf2Iterations})).map((all) => {
    const names = Object.keys(all.contenders).filter((n) => !keep || keep.test(implOf(n)));
    const c = {...all, contenders: Object.fromEntries(names.map((n) => [n, all.contenders[n]]))};
    let marks = null;
    const check = async () => {
      marks = await checkBeyondCase(c);
      return Object.fromEntries(names.map((n) => [implOf(n), marks[n]]));
    };
    const time = async ({now, rounds, ms}) => {
      if (!marks) await check();
      const correct = names.filter((n) => marks[n].correct);
      const timed = correct.length ? await timeBeyondCase(c, {now, rounds, ms, names: correct}) : [];
      return names.map((n) => row(c, implOf(n), marks[n], timed.find((t) => t.name === n), roundsOf(c, rounds)));
    };
    return {id: c.id, title: c.name, description: c.description, unit: unitOf(c), opsPerCall: c.per, impls: names.map(implOf), check, time};
  });
}

const unitOf = (c) => (c.per > 1 ? "hash" : "call");

/** A row in the schema of bench/results/, in the runner's key order; as-sha256 has no such API, so no ratio to it. */
function row(c, impl, mark, t, rounds) {
  const r = {
    case: c.id,
    title: c.name,
    impl,
    unit: unitOf(c),
    nsPerOp: t ? t.bestNs : null,
    nsPerOpMedian: t ? t.medianNs : null,
    opsPerSec: t ? 1e9 / t.bestNs : null,
    correct: mark.correct,
    rounds: t ? rounds : 0,
    samples: t ? rounds : 0,
    ratioVsOurs: t?.ratioBest ?? null,
    ratioVsAsSha256: null,
  };
  if (mark.error) r.error = mark.error;
  return r;
}
