// What sha256-simd offers beyond as-sha256 (HMAC, HKDF, PBKDF2, digestParts,
// digestMany), against @noble/hashes and the platform's own SHA-256 in one
// process: node:crypto in bench/beyond.js, WebCrypto on the browser page
// (web/src/beyond-cases.js). Environment-neutral like cases.js: the
// libraries, the oracle and the clock come in as arguments (beyond-native.js
// wraps node:crypto and WebCrypto alike), so no node: module is bundled for
// the page. Each contender's result is checked against the oracle's before it
// is timed; the oracle is the platform's, never ours.
import {concatBytes, pseudoRandomBytes} from "../test/support/bytes.js";
import {interleave, interleaveAsync} from "./interleave.js";

/**
 * @typedef {object} BeyondLibs
 * @property {object} ours  the sha256-simd API module namespace
 * @property {{sha256: Function, hmac: Function, hkdf: Function, pbkdf2: Function}} noble  @noble/hashes
 * @property {import("./beyond-native.js").Native} [native]  the platform's SHA-256, timed as a contender
 * @property {import("./beyond-native.js").Native} [oracle]  what every result is checked against (default: native)
 *
 * @typedef {object} BeyondCase
 * @property {string} id  stable, for the page's ?filter and its results file
 * @property {string} name  what bench/beyond.js's rows call the case
 * @property {string} description  one line: what one op is, and how each contender does it
 * @property {number} per  ops per call: ns are per message for digestMany
 * @property {boolean} slow  PBKDF2: one call per round, at most 5 rounds
 * @property {Uint8Array} expected  the oracle's result
 * @property {string} oracle  the oracle's name, for messages
 * @property {Object<string, () => unknown>} contenders  by name, ours first, the native one last
 * @property {Set<string>} async  the contenders whose calls return promises
 */

const key = pseudoRandomBytes(32, 1);
const salt = pseudoRandomBytes(32, 2);
const info = pseudoRandomBytes(20, 3);
const password = pseudoRandomBytes(16, 9);

/** The cases before the oracle's results: each with expected(oracle) and its contenders. */
async function specs({ours, noble, native}, {pbkdf2Iterations}) {
  const nat = (fn) => (native ? {[native.name]: fn} : {});
  const hmacOf = async (size) => {
    const m = pseudoRandomBytes(size, size);
    const kept = new ours.HMAC(key);
    const nobleKept = noble.hmac.create(noble.sha256, key);
    const nativeKept = native && (await native.hmacKey(key));
    return {
      id: `beyond-hmac-${size}`,
      name: `hmac ${size} B, kept key`,
      description: `HMAC-SHA256 of a ${size}-byte message under a 32-byte key set up once: ours new HMAC(key).mac(m), ` +
        "noble a clone of hmac.create(sha256, key); ours one-shot is hmac(key, m)",
      expected: async (o) => (await o.hmacKey(key))(m),
      contenders: {
        ours: () => kept.mac(m),
        "ours one-shot": () => ours.hmac(key, m),
        noble: () => nobleKept.clone().update(m).digest(),
        ...nat(() => nativeKept(m)),
      },
    };
  };
  const manyOf = (id, name, messages) => ({
    id,
    name,
    per: messages.length,
    description: `digestMany() of ${messages.length} messages, the digests concatenated; ` +
      "the others hash each message in turn (the ns are per message)",
    expected: (o) => o.digestMany(messages),
    contenders: {
      ours: () => concatBytes(ours.digestMany(messages)),
      "ours digest loop": () => concatBytes(messages.map((m) => ours.digest(m))),
      noble: () => concatBytes(messages.map((m) => noble.sha256(m))),
      ...nat(() => native.digestMany(messages)),
    },
  });
  const kib = Array.from({length: 64}, (_, i) => pseudoRandomBytes(1024, 10 + i));
  const mixed = Array.from({length: 256}, (_, i) => pseudoRandomBytes(100 + ((i * 197) % 501), 100 + i));
  const parts = [pseudoRandomBytes(100, 5), pseudoRandomBytes(500, 6), pseudoRandomBytes(32, 7), pseudoRandomBytes(392, 8)];
  const whole = concatBytes(parts);
  const c = pbkdf2Iterations;
  return [
    await hmacOf(64),
    await hmacOf(256),
    {
      id: "beyond-hkdf-96",
      name: "hkdf 96 B from a 32 B key",
      description: "HKDF-SHA256 (extract and expand) of 96 bytes from a 32-byte key, 32-byte salt and 20-byte info",
      expected: (o) => o.hkdf(key, salt, info, 96),
      contenders: {
        ours: () => ours.hkdf(key, salt, info, 96),
        noble: () => noble.hkdf(noble.sha256, key, salt, info, 96),
        ...nat(() => native.hkdf(key, salt, info, 96)),
      },
    },
    {
      id: `beyond-pbkdf2-${c}`,
      name: `pbkdf2 ${c} iterations`,
      description: `PBKDF2-HMAC-SHA256 of 32 bytes from a 16-byte password and a 32-byte salt, ${c} iterations`,
      slow: true,
      expected: (o) => o.pbkdf2(password, salt, c, 32),
      contenders: {
        ours: () => ours.pbkdf2(password, salt, c, 32),
        noble: () => noble.pbkdf2(noble.sha256, password, salt, {c, dkLen: 32}),
        ...nat(() => native.pbkdf2(password, salt, c, 32)),
      },
    },
    manyOf("beyond-digestMany-64x1KiB", "digestMany 64 x 1 KiB (per message)", kib),
    manyOf("beyond-digestMany-256x100-600B", "digestMany 256 x 100-600 B (per message)", mixed),
    {
      id: "beyond-digestParts-4",
      name: "digestParts 4 parts, 1 KiB",
      description: "digestParts() of 4 parts of 100, 500, 32 and 392 bytes; noble updates a hasher with each part, " +
        "ours digest of the concatenation hashes them already joined",
      expected: (o) => o.digest(whole),
      contenders: {
        ours: () => ours.digestParts(parts),
        "ours digest of the concatenation": () => ours.digest(whole),
        noble: () => {
          const h = noble.sha256.create();
          for (const p of parts) h.update(p);
          return h.digest();
        },
        ...nat(() => native.digestParts(parts)),
      },
    },
  ];
}

/**
 * The cases, with the oracle's results. pbkdf2Iterations: 100000 in Node, fewer
 * on the page, which also runs on slow CPUs and phones; the case's name and id
 * say the count.
 * @param {BeyondLibs} libs
 * @returns {Promise<BeyondCase[]>}
 */
export async function makeBeyondCases(libs, {pbkdf2Iterations = 100000} = {}) {
  const oracle = libs.oracle ?? libs.native;
  if (!oracle) throw new Error("makeBeyondCases: no oracle (libs.oracle or libs.native)");
  const asyncNames = libs.native?.async ? new Set([libs.native.name]) : new Set();
  const out = [];
  for (const {expected, ...spec} of await specs(libs, {pbkdf2Iterations})) {
    out.push({per: 1, slow: false, ...spec, expected: new Uint8Array(await expected(oracle)), oracle: oracle.label, async: asyncNames});
  }
  return out;
}

const same = (a, b) => a.length === b.length && a.every((x, i) => x === b[i]);

/** Each contender's result against the oracle's: {name: {correct, error?}}. */
export async function checkBeyondCase(c) {
  const marks = {};
  for (const [name, run] of Object.entries(c.contenders)) {
    try {
      const got = new Uint8Array(await run());
      marks[name] = same(got, c.expected) ? {correct: true} : {correct: false, error: `differs from ${c.oracle}`};
    } catch (e) {
      marks[name] = {correct: false, error: `threw ${e?.message ?? e}`};
    }
  }
  return marks;
}

/** The rounds a case is timed for: PBKDF2's calls are long, so fewer. */
export const roundsOf = (c, rounds) => (c.slow ? Math.min(rounds, 5) : rounds);

/**
 * Times the contenders named in `names` (default: all) in interleaved rounds of
 * about `ms` each (PBKDF2: one call); returns [{name, bestNs, medianNs,
 * ratioBest, ratioMedian}] in the case's order, ns per op, the ratios each
 * one's time over ours (null where ours is not timed).
 */
export async function timeBeyondCase(c, {now, rounds = 7, ms = 200, names}) {
  const chosen = Object.fromEntries(Object.entries(c.contenders).filter(([n]) => !names || names.includes(n)));
  const opts = {now, rounds: roundsOf(c, rounds), ms: c.slow ? 1 : ms, per: c.per};
  const async = new Set(Object.keys(chosen).filter((n) => c.async.has(n)));
  const t = async.size ? await interleaveAsync(chosen, {...opts, async}) : interleave(chosen, opts);
  const ours = t.ours;
  return Object.entries(t).map(([name, {bestNs, medianNs}]) => ({
    name,
    bestNs,
    medianNs,
    ratioBest: ours ? bestNs / ours.bestNs : null,
    ratioMedian: ours ? medianNs / ours.medianNs : null,
  }));
}

/**
 * bench/beyond.js's rows: one per case, {case, contenders}, each contender's best
 * and median ns per op and its time over ours (ratio > 1: ours is faster).
 * Throws if any contender's result differs from the oracle's.
 */
export async function runBeyond(libs, {now, rounds = 7, ms = 200, pbkdf2Iterations} = {}) {
  const rows = [];
  for (const c of await makeBeyondCases(libs, {pbkdf2Iterations})) {
    const wrong = Object.entries(await checkBeyondCase(c)).find(([, m]) => !m.correct);
    if (wrong) throw new Error(`${c.name}: ${wrong[0]} ${wrong[1].error}`);
    rows.push({case: c.name, contenders: await timeBeyondCase(c, {now, rounds, ms})});
  }
  return rows;
}
