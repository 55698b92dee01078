// HMAC, HKDF and PBKDF2 on every backend: the RFC vectors (data files in
// test/vectors/) and node:crypto's createHmac, hkdfSync and pbkdf2Sync as the
// differential oracle, then the errors, each followed by a call that must
// still be right.
import assert from "node:assert/strict";
import {createHmac, hkdfSync, pbkdf2Sync} from "node:crypto";
import {readFileSync} from "node:fs";
import {HMAC, hkdf, hkdfExpand, hkdfExtract, hmac, pbkdf2} from "sha256-simd";
import {ioSize} from "../js/core/io.js";
import {assertBytesEqual, errorOf, forEachModule, pseudoRandomBytes, pseudoRandomInts} from "./support/helpers.js";

const vectors = (name) =>
  JSON.parse(readFileSync(new URL(`./vectors/${name}`, import.meta.url), "utf8")).cases.map((v) => {
    const out = {...v};
    for (const k of ["key", "data", "mac", "ikm", "salt", "info", "prk", "okm", "password", "dk"]) {
      if (typeof v[k] === "string") out[k] = new Uint8Array(Buffer.from(v[k], "hex"));
    }
    return out;
  });
const rfc4231 = vectors("rfc4231-hmac.json");
const rfc5869 = vectors("rfc5869-hkdf.json");
const rfc7914 = vectors("rfc7914-pbkdf2.json");

const oracleHmac = (key, data) => new Uint8Array(createHmac("sha256", key).update(data).digest());
// No output is empty by definition; Bun's hkdfSync and pbkdf2Sync (BoringSSL)
// refuse to derive it.
const oracleHkdf = (ikm, salt, info, n) => (n === 0 ? new Uint8Array(0) : new Uint8Array(hkdfSync("sha256", ikm, salt, info, n)));
const oraclePbkdf2 = (p, s, c, n) => (n === 0 ? new Uint8Array(0) : new Uint8Array(pbkdf2Sync(p, s, c, n, "sha256")));

/** The tag of data under key from an HMAC object, fed in pieces of `piece` bytes. */
function streamed(key, data, piece) {
  const h = new HMAC(key);
  for (let off = 0; off < data.length; off += piece) h.update(data.subarray(off, off + piece));
  return h.final();
}

forEachModule("HMAC", function () {
  it("gives RFC 4231's HMAC-SHA-256 results, one-shot, streamed and under a kept key", function () {
    for (const v of rfc4231) {
      const n = v.mac.length;
      assertBytesEqual(hmac(v.key, v.data).subarray(0, n), v.mac, v.name);
      assertBytesEqual(streamed(v.key, v.data, 7).subarray(0, n), v.mac, `${v.name}, streamed`);
      assertBytesEqual(new HMAC(v.key).mac(v.data).subarray(0, n), v.mac, `${v.name}, mac()`);
    }
  });

  it("equals createHmac for every key length 0..200 and every message length 0..300", function () {
    const data = pseudoRandomBytes(300, 1);
    for (let k = 0; k <= 200; k++) {
      const key = pseudoRandomBytes(k, k + 2);
      assertBytesEqual(hmac(key, data.subarray(0, k + 17)), oracleHmac(key, data.subarray(0, k + 17)), `key ${k}`);
    }
    const key = pseudoRandomBytes(45, 3);
    const kept = new HMAC(key);
    for (let n = 0; n <= 300; n++) {
      const m = data.subarray(0, n);
      const want = oracleHmac(key, m);
      assertBytesEqual(hmac(key, m), want, `message ${n}`);
      assertBytesEqual(kept.mac(m), want, `message ${n}, mac()`);
      assertBytesEqual(kept.init().update(m).final(), want, `message ${n}, init/update/final`);
    }
  });

  it("equals createHmac on keys and messages longer than the I/O buffer", function () {
    const long = pseudoRandomBytes(ioSize + 1000, 4);
    const key = pseudoRandomBytes(32, 5);
    assertBytesEqual(hmac(long, key), oracleHmac(long, key), "long key");
    assertBytesEqual(hmac(key, long), oracleHmac(key, long), "long message");
    assertBytesEqual(new HMAC(long).mac(long), oracleHmac(long, long), "both, mac()");
    assertBytesEqual(streamed(key, long, 300001), oracleHmac(key, long), "long message, streamed");
  });

  it("keeps objects apart: interleaved updates, mac() in the middle of a message, reuse after init()", function () {
    const [k1, k2] = [pseudoRandomBytes(20, 6), pseudoRandomBytes(100, 7)];
    const [a, b] = [pseudoRandomBytes(150, 8), pseudoRandomBytes(77, 9)];
    const h1 = new HMAC(k1).update(a.subarray(0, 70));
    const h2 = new HMAC(k2).update(b.subarray(0, 10));
    assertBytesEqual(h1.mac(b), oracleHmac(k1, b), "mac() between updates");
    h1.update(a.subarray(70));
    h2.update(b.subarray(10));
    assertBytesEqual(h2.final(), oracleHmac(k2, b));
    assertBytesEqual(h1.final(), oracleHmac(k1, a));
    assertBytesEqual(h1.init().update(b).final(), oracleHmac(k1, b), "after init()");
  });

  it("throws after final() until init(), and for every method after destroy()", function () {
    const key = pseudoRandomBytes(16, 10);
    const h = new HMAC(key);
    h.final();
    assert.throws(() => h.final(), /HMAC\.final: final\(\) was already called/);
    assert.throws(() => h.update(key), /HMAC\.update: final\(\) was already called/);
    h.destroy();
    for (const call of [() => h.init(), () => h.update(key), () => h.final(), () => h.mac(key)]) {
      assert.throws(call, /destroy\(\) was called/);
    }
  });
});

forEachModule("HKDF", function () {
  it("gives RFC 5869's PRK and OKM (SHA-256 cases)", function () {
    for (const v of rfc5869) {
      const salt = v.salt.length === 0 ? undefined : v.salt;
      assertBytesEqual(hkdfExtract(salt, v.ikm), v.prk, `${v.name}: extract`);
      assertBytesEqual(hkdfExpand(v.prk, v.info, v.length), v.okm, `${v.name}: expand`);
      assertBytesEqual(hkdf(v.ikm, v.salt, v.info, v.length), v.okm, `${v.name}: hkdf`);
    }
  });

  it("equals hkdfSync on pseudo-random keys, salts, infos and lengths, up to 255 blocks", function () {
    const rand = pseudoRandomInts(11);
    for (let i = 0; i < 150; i++) {
      const ikm = pseudoRandomBytes(rand(200), 3 * i + 1);
      const salt = pseudoRandomBytes(rand(150), 3 * i + 2);
      const info = pseudoRandomBytes(rand(300), 3 * i + 3);
      const n = i < 3 ? [1, 32, 255 * 32][i] : 1 + rand(400);
      assertBytesEqual(hkdf(ikm, salt, info, n), oracleHkdf(ikm, salt, info, n), `case ${i}`);
    }
  });
});

forEachModule("PBKDF2", function () {
  it("gives RFC 7914's PBKDF2-HMAC-SHA256 vectors", function () {
    for (const v of rfc7914) assertBytesEqual(pbkdf2(v.password, v.salt, v.iterations, v.length), v.dk, v.name);
  });

  it("equals pbkdf2Sync on pseudo-random passwords, salts, iteration counts and lengths", function () {
    const rand = pseudoRandomInts(12);
    for (let i = 0; i < 60; i++) {
      const password = pseudoRandomBytes(rand(150), 2 * i + 1);
      const salt = pseudoRandomBytes(rand(100), 2 * i + 2);
      const c = 1 + rand(40);
      const n = 1 + rand(130);
      assertBytesEqual(pbkdf2(password, salt, c, n), oraclePbkdf2(password, salt, c, n), `case ${i}`);
    }
    const salt = pseudoRandomBytes(ioSize + 5, 13);
    assertBytesEqual(pbkdf2(salt.subarray(0, 70), salt, 3, 40), oraclePbkdf2(salt.subarray(0, 70), salt, 3, 40), "long salt");
  });
});

forEachModule("HMAC, HKDF and PBKDF2 errors", function () {
  const b = pseudoRandomBytes(10, 14);
  const b32 = pseudoRandomBytes(32, 15);
  const cases = [
    [() => hmac("key", b), TypeError, /hmac: key must be a Uint8Array, got string/],
    [() => hmac(b, [1, 2]), TypeError, /hmac: message must be a Uint8Array, got Array/],
    [() => new HMAC(null), TypeError, /HMAC: key must be a Uint8Array, got null/],
    [() => new HMAC(b).update(new Uint16Array(2)), TypeError, /HMAC\.update: data must be a Uint8Array, got Uint16Array/],
    [() => hkdf(b, b, b, -1), RangeError, /hkdf: length must be an integer from 1 to 8160, got -1/],
    [() => hkdf(b, b, b, 8161), RangeError, /hkdf: length must be an integer from 1 to 8160, got 8161/],
    [() => hkdf(b, b, b, 1.5), RangeError, /hkdf: length must be an integer/],
    [() => hkdf(b, b, b, "32"), TypeError, /hkdf: length must be a number, got string/],
    [() => hkdf(b, "salt", b, 32), TypeError, /hkdf: salt must be a Uint8Array/],
    [() => hkdf(b, b, b, 32 * 255 + 1), RangeError, /hkdf: length/],
    [() => hkdfExpand(b, 5, 32), TypeError, /hkdfExpand: info must be a Uint8Array, got number/],
    [() => hkdfExtract(b, undefined), TypeError, /hkdfExtract: ikm must be a Uint8Array, got undefined/],
    [() => pbkdf2(b, b, 0, 32), RangeError, /pbkdf2: iterations must be an integer from 1 to 4294967295, got 0/],
    [() => pbkdf2(b, b, 2.5, 32), RangeError, /pbkdf2: iterations must be an integer/],
    [() => pbkdf2(b, b, 1, -3), RangeError, /pbkdf2: length must be an integer from 1/],
    [() => pbkdf2(b, "salt", 1, 32), TypeError, /pbkdf2: salt must be a Uint8Array/],
    [() => hkdf(b, b, new Uint8Array(ioSize), 32), RangeError, /hkdf: info must be at most/],
    [() => hkdfExpand(b32, new Uint8Array(ioSize), 32), RangeError, /hkdfExpand: info must be at most/],
    // RFC 5869 section 2.3 and RFC 8018: a PRK of at least HashLen bytes, at least one byte of output.
    [() => hkdfExpand(b32.subarray(1), b, 32), RangeError, /hkdfExpand: prk must be at least 32 bytes \(RFC 5869\), got 31/],
    [() => hkdfExpand(b32, b, 0), RangeError, /hkdfExpand: length must be an integer from 1 to 8160, got 0/],
    [() => hkdf(b, b, b, 0), RangeError, /hkdf: length must be an integer from 1 to 8160, got 0/],
    [() => pbkdf2(b, b, 1, 0), RangeError, /pbkdf2: length must be an integer from 1 to 4294967295, got 0/],
  ];
  it("rejects a length of 0 as node:crypto does from Node 22 on (Node 20's returns no bytes)", function () {
    if (!/^v2[2-9]|^v[3-9]/.test(process.version) || globalThis.Bun || globalThis.Deno) this.skip();
    assert.throws(() => hkdfSync("sha256", b, b, b, 0));
    assert.throws(() => pbkdf2Sync(b, b, 1, 0, "sha256"));
  });

  it("throws a TypeError or RangeError that names the argument, and the next calls are right", function () {
    const key = pseudoRandomBytes(33, 15);
    const kept = new HMAC(key).update(b);
    for (const [call, type, message] of cases) {
      const e = errorOf(call);
      assert.ok(e instanceof type, `${call}: expected a ${type.name}, got ${e}`);
      assert.match(e.message, message);
      assertBytesEqual(hmac(key, b), oracleHmac(key, b), `hmac after ${call}`);
      assertBytesEqual(hkdf(key, b, b, 40), oracleHkdf(key, b, b, 40), `hkdf after ${call}`);
    }
    assertBytesEqual(kept.update(b).final(), oracleHmac(key, new Uint8Array([...b, ...b])), "a kept object across the errors");
  });
});
