// The slow cases (make test-slow, outside make test): inputs past 2^32 bytes,
// whose bit length needs more than 32 bits, on every backend; HMAC with a
// 4 GiB key and message; and a part that node:crypto refuses (2^31 + 5
// bytes), after which the next long digest still goes to node:crypto.
// Oracles: node:crypto, fed in pieces it accepts, and HMAC's definition.
// Needs about 10 GiB of memory.
import assert from "node:assert/strict";
import {createHash, createHmac} from "node:crypto";
import {HMAC, SHA256, digest, digestParts, hmac} from "../../js/index.js";
import {native} from "../../js/core/native.js";
import {useNativeDigest} from "../../js/core/node-crypto.js";
import {forEachModule, toHex} from "../support/helpers.js";

const GiB = 2 ** 30;
/** Pieces node:crypto's update() accepts. */
const PIECE = GiB;

/** n bytes of a repeating pattern, so that a mistake in any 4 GiB offset shows. */
function big(n) {
  const out = new Uint8Array(n);
  const pattern = new Uint8Array(65521).map((_, i) => (i * 131 + (i >> 8)) & 255);
  for (let at = 0; at < n; at += pattern.length) out.set(pattern.subarray(0, Math.min(pattern.length, n - at)), at);
  return out;
}

const sha256Pieces = (data) => {
  const h = createHash("sha256");
  for (let at = 0; at < data.length; at += PIECE) h.update(data.subarray(at, at + PIECE));
  return h.digest("hex");
};

describe("inputs past 2^32 bytes", function () {
  this.timeout(30 * 60 * 1000);
  const n = 2 ** 32 + 77;
  let data;
  let expected;
  before(function () {
    data = big(n);
    expected = sha256Pieces(data);
  });
  after(() => (data = null));

  forEachModule("digest and SHA256", function () {
    it(`digest of ${n} bytes in one call`, function () {
      assert.equal(toHex(digest(data)), expected);
    });

    it(`SHA256 of ${n} bytes in updates of 1 GiB, then of an odd size`, function () {
      const h = new SHA256();
      for (let at = 0; at < n; at += GiB) h.update(data.subarray(at, at + GiB));
      assert.equal(toHex(h.final()), expected);
      const odd = new SHA256();
      for (let at = 0; at < n; at += 999_999_937) odd.update(data.subarray(at, at + 999_999_937));
      assert.equal(toHex(odd.final()), expected);
    });

    it("HMAC with a 4 GiB key and a 4 GiB message, against its definition: the key hashed first", function () {
      const key = data.subarray(0, 4 * GiB);
      const message = data.subarray(77);
      const mac = createHmac("sha256", Buffer.from(sha256Pieces(key), "hex"));
      for (let at = 0; at < message.length; at += PIECE) mac.update(message.subarray(at, at + PIECE));
      const tag = mac.digest("hex");
      assert.equal(toHex(hmac(key, message)), tag);
      const h = new HMAC(key);
      for (let at = 0; at < message.length; at += GiB) h.update(message.subarray(at, at + GiB));
      assert.equal(toHex(h.final()), tag);
    });
  });
});

describe("a part that node:crypto refuses (js/node.js)", function () {
  this.timeout(10 * 60 * 1000);
  let saved;
  before(async function () {
    await import("../../js/node.js");
    saved = {...native};
  });
  after(function () {
    Object.assign(native, saved);
    useNativeDigest(() => undefined);
  });

  it("digestParts with a part of 2^31 + 5 bytes is right, and the next long digest still goes to node:crypto", function () {
    // node:crypto itself, with its digests counted.
    const real = process.getBuiltinModule("node:crypto");
    let calls = 0;
    const counted = {
      createHash: (alg) => {
        calls++;
        return real.createHash(alg);
      },
      hash: (...args) => {
        calls++;
        return real.hash(...args);
      },
    };
    useNativeDigest(() => counted);
    const part = big(2 ** 31 + 5);
    const tail = part.subarray(0, 1000);
    const h = createHash("sha256").update(part.subarray(0, GiB)).update(part.subarray(GiB, 2 * GiB)).update(part.subarray(2 * GiB)).update(tail);
    assert.equal(toHex(digestParts([part, tail])), h.digest("hex"));
    const long = part.subarray(0, 256 * 2 ** 20);
    const before = calls;
    const started = performance.now();
    const d = digest(long);
    const ms = performance.now() - started;
    assert.equal(toHex(d), createHash("sha256").update(long).digest("hex"));
    assert.ok(calls > before, "the 256 MiB digest after the refusal did not go to node:crypto");
    console.log(`      digest of 256 MiB after the refusal: ${ms.toFixed(0)} ms, on node:crypto`);
  });
});
