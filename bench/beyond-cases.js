// What sha256-simd offers beyond as-sha256 (HMAC, HKDF, PBKDF2, digestParts,
// digestMany), against @noble/hashes and node:crypto in one process. Each
// contender's result is checked against node:crypto's before it is timed.
import {createHash, createHmac, hkdfSync, pbkdf2Sync} from "node:crypto";
import {hkdf as nobleHkdf} from "@noble/hashes/hkdf.js";
import {hmac as nobleHmac} from "@noble/hashes/hmac.js";
import {pbkdf2 as noblePbkdf2} from "@noble/hashes/pbkdf2.js";
import {sha256} from "@noble/hashes/sha2.js";
import {concatBytes, pseudoRandomBytes} from "../test/support/bytes.js";
import {interleave} from "./interleave.js";

const key = pseudoRandomBytes(32, 1);
const salt = pseudoRandomBytes(32, 2);
const info = pseudoRandomBytes(20, 3);
const nodeHash = (m) => createHash("sha256").update(m).digest();

/** The cases: each with its contenders ({name: () => result}), `per` ops a call, and node:crypto's result. */
function cases(ours) {
  const hmacOf = (size) => {
    const m = pseudoRandomBytes(size, size);
    const kept = new ours.HMAC(key);
    const nobleKept = nobleHmac.create(sha256, key);
    return {
      name: `hmac ${size} B, kept key`,
      expected: createHmac("sha256", key).update(m).digest(),
      contenders: {
        ours: () => kept.mac(m),
        "ours one-shot": () => ours.hmac(key, m),
        noble: () => nobleKept.clone().update(m).digest(),
        "node-crypto": () => createHmac("sha256", key).update(m).digest(),
      },
    };
  };
  const kib = Array.from({length: 64}, (_, i) => pseudoRandomBytes(1024, 10 + i));
  const mixed = Array.from({length: 256}, (_, i) => pseudoRandomBytes(100 + ((i * 197) % 501), 100 + i));
  const manyOf = (name, messages) => ({
    name,
    per: messages.length,
    expected: concatBytes(messages.map(nodeHash)),
    contenders: {
      ours: () => concatBytes(ours.digestMany(messages)),
      "ours digest loop": () => concatBytes(messages.map((m) => ours.digest(m))),
      noble: () => concatBytes(messages.map((m) => sha256(m))),
      "node-crypto": () => concatBytes(messages.map(nodeHash)),
    },
  });
  const parts = [pseudoRandomBytes(100, 5), pseudoRandomBytes(500, 6), pseudoRandomBytes(32, 7), pseudoRandomBytes(392, 8)];
  const whole = concatBytes(parts);
  const pw = pseudoRandomBytes(16, 9);
  return [
    hmacOf(64),
    hmacOf(256),
    {
      name: "hkdf 96 B from a 32 B key",
      expected: new Uint8Array(hkdfSync("sha256", key, salt, info, 96)),
      contenders: {
        ours: () => ours.hkdf(key, salt, info, 96),
        noble: () => nobleHkdf(sha256, key, salt, info, 96),
        "node-crypto": () => new Uint8Array(hkdfSync("sha256", key, salt, info, 96)),
      },
    },
    {
      name: "pbkdf2 100000 iterations",
      expected: pbkdf2Sync(pw, salt, 100000, 32, "sha256"),
      slow: true,
      contenders: {
        ours: () => ours.pbkdf2(pw, salt, 100000, 32),
        noble: () => noblePbkdf2(sha256, pw, salt, {c: 100000, dkLen: 32}),
        "node-crypto": () => pbkdf2Sync(pw, salt, 100000, 32, "sha256"),
      },
    },
    manyOf("digestMany 64 x 1 KiB (per message)", kib),
    manyOf("digestMany 256 x 100-600 B (per message)", mixed),
    {
      name: "digestParts 4 parts, 1 KiB",
      expected: nodeHash(whole),
      contenders: {
        ours: () => ours.digestParts(parts),
        "ours digest of the concatenation": () => ours.digest(whole),
        noble: () => {
          const h = sha256.create();
          for (const p of parts) h.update(p);
          return h.digest();
        },
        "node-crypto": () => {
          const h = createHash("sha256");
          for (const p of parts) h.update(p);
          return h.digest();
        },
      },
    },
  ];
}

const same = (a, b) => a.length === b.length && a.every((x, i) => x === b[i]);

/** One row per case: each contender's best and median ns per op, and its time over ours (ratio > 1: ours is faster). */
export function runBeyond(ours, {now, rounds = 7, ms = 200}) {
  return cases(ours).map((c) => {
    for (const [name, run] of Object.entries(c.contenders)) {
      if (!same(new Uint8Array(run()), new Uint8Array(c.expected))) throw new Error(`${c.name}: ${name} differs from node:crypto`);
    }
    const t = interleave(c.contenders, {now, rounds: c.slow ? Math.min(rounds, 5) : rounds, ms: c.slow ? 1 : ms, per: c.per ?? 1});
    const contenders = Object.entries(t).map(([name, {bestNs, medianNs}]) => ({
      name,
      bestNs,
      medianNs,
      ratioBest: bestNs / t.ours.bestNs,
      ratioMedian: medianNs / t.ours.medianNs,
    }));
    return {case: c.name, contenders};
  });
}
