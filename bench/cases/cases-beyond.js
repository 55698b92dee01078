// Benchmark cases for what sha256-simd offers beyond as-sha256 (HMAC, HKDF,
// PBKDF2, digestParts, digestMany): ours against @noble/hashes and the
// platform's own SHA-256 (beyond-native.js: node:crypto in bench/node.js, WebCrypto
// on the page). Environment-neutral: the libraries come in as arguments.
// Expected outputs are the platform's, never ours, computed when a case is made.
// as-sha256 has none of these, so each ratio is a contender's time over ours.
import {concatBytes, contender, oursVariants, pseudoRandomBytes} from "./common.js";

/**
 * @typedef {object} BeyondLibs  cases.js's Libs, plus
 * @property {{sha256: Function, hmac: Function, hkdf: Function, pbkdf2: Function}} noble  @noble/hashes
 * @property {import("./beyond-native.js").Native} native  the platform's SHA-256: the oracle, and a contender
 */

const key = pseudoRandomBytes(32, 1);
const salt = pseudoRandomBytes(32, 2);
const info = pseudoRandomBytes(20, 3);
const password = pseudoRandomBytes(16, 9);

/**
 * Each case: `ours(lib)` runs it on one of ours' variants, `others` holds the
 * other ways by impl id, and `expected(native)` is the platform's result.
 */
async function specs({ours, noble, native}, pbkdf2Iterations) {
  const hmacOf = async (size) => {
    const m = pseudoRandomBytes(size, size);
    const nobleKept = noble.hmac.create(noble.sha256, key);
    const nativeKept = await native.hmacKey(key);
    return {
      id: `beyond-hmac-${size}`,
      title: `hmac ${size} B, kept key`,
      description: `HMAC-SHA256 of a ${size}-byte message under a 32-byte key set up once: new HMAC(key).mac(m), ` +
        "noble a clone of hmac.create(sha256, key); sha256-simd's hmac(key, m) sets the key up per call",
      expected: async (o) => (await o.hmacKey(key))(m),
      ours: (lib) => {
        const kept = new lib.HMAC(key);
        return () => kept.mac(m);
      },
      others: {"ours-one-shot": () => ours.hmac(key, m), noble: () => nobleKept.clone().update(m).digest(), native: () => nativeKept(m)},
    };
  };
  const manyOf = (id, title, messages) => ({
    id,
    title,
    description: `digestMany() of ${messages.length} messages, the digests concatenated; ` +
      "the others hash each message in turn; time per message",
    opsPerCall: messages.length,
    unit: "hash",
    expected: (o) => o.digestMany(messages),
    ours: (lib) => () => concatBytes(lib.digestMany(messages)),
    others: {
      "ours-digest-loop": () => concatBytes(messages.map((m) => ours.digest(m))),
      noble: () => concatBytes(messages.map((m) => noble.sha256(m))),
      native: () => native.digestMany(messages),
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
      title: "hkdf 96 B from a 32 B key",
      description: "HKDF-SHA256 (extract and expand) of 96 bytes from a 32-byte key, 32-byte salt and 20-byte info",
      expected: (o) => o.hkdf(key, salt, info, 96),
      ours: (lib) => () => lib.hkdf(key, salt, info, 96),
      others: {noble: () => noble.hkdf(noble.sha256, key, salt, info, 96), native: () => native.hkdf(key, salt, info, 96)},
    },
    {
      id: `beyond-pbkdf2-${c}`,
      title: `pbkdf2 ${c} iterations`,
      description: `PBKDF2-HMAC-SHA256 of 32 bytes from a 16-byte password and a 32-byte salt, ${c} iterations`,
      expected: (o) => o.pbkdf2(password, salt, c, 32),
      ours: (lib) => () => lib.pbkdf2(password, salt, c, 32),
      others: {
        noble: () => noble.pbkdf2(noble.sha256, password, salt, {c, dkLen: 32}),
        native: () => native.pbkdf2(password, salt, c, 32),
      },
    },
    manyOf("beyond-digestMany-64x1KiB", "digestMany 64 x 1 KiB", kib),
    manyOf("beyond-digestMany-256x100-600B", "digestMany 256 x 100-600 B", mixed),
    {
      id: "beyond-digestParts-4",
      title: "digestParts 4 parts, 1 KiB",
      description: "digestParts() of 4 parts of 100, 500, 32 and 392 bytes; noble updates a hasher with each part; " +
        "sha256-simd's digest() joined hashes them already joined",
      expected: (o) => o.digest(whole),
      ours: (lib) => () => lib.digestParts(parts),
      others: {
        "ours-digest-joined": () => ours.digest(whole),
        noble: () => {
          const h = noble.sha256.create();
          for (const p of parts) h.update(p);
          return h.digest();
        },
        native: () => native.digestParts(parts),
      },
    },
  ];
}

/**
 * The cases. pbkdf2Iterations: 100000 in Node, fewer on the page, which also
 * runs on slow CPUs and phones; the case's id and title say the count.
 * @param {BeyondLibs} libs
 * @returns {Promise<import("./common.js").Case[]>}
 */
export async function makeBeyondCases(libs, {pbkdf2Iterations = 100000} = {}) {
  const {native} = libs;
  const cases = [];
  for (const {expected, ours, others, ...spec} of await specs(libs, pbkdf2Iterations)) {
    const contenders = oursVariants(libs, (lib) => ({run: ours(lib)}));
    for (const [name, run] of Object.entries(others)) {
      contenders.push(name === "native" ? contender(native.name, {run, async: native.async}) : contender(name, {run}));
    }
    cases.push({opsPerCall: 1, unit: "call", ...spec, expected: new Uint8Array(await expected(native)), contenders});
  }
  return cases;
}
