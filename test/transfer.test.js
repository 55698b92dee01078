// Returned digests stand alone: transferring one's buffer (structuredClone,
// postMessage) either refuses with a DataCloneError, as as-sha256's Buffer
// views do, or moves that digest alone. Either way every other digest, and
// every later call, stays right. Checked against node:crypto.
import assert from "node:assert/strict";
import {createHmac, hkdfSync, pbkdf2Sync} from "node:crypto";
import * as lib from "sha256-simd";
import {hasher} from "sha256-simd/hasher";
import {forEachModule, pseudoRandomBytes, sha256Oracle, toHex} from "./support/helpers.js";

const m64 = pseudoRandomBytes(64, 1);
const m100 = pseudoRandomBytes(100, 2);
const key = pseudoRandomBytes(40, 3);
const hmacOf = (k, m) => new Uint8Array(createHmac("sha256", k).update(m).digest());
const hkdfOf = (n) => new Uint8Array(hkdfSync("sha256", key, m64, m100, n));

/** Every function that returns a new array of bytes: [name, call, expected bytes]. */
const producers = () => [
  ["digest", () => lib.digest(m100), sha256Oracle(m100)],
  ["digest64", () => lib.digest64(m64), sha256Oracle(m64)],
  ["digest2Bytes32", () => lib.digest2Bytes32(m64.subarray(0, 32), m64.subarray(32)), sha256Oracle(m64)],
  ["batchHash4UintArray64s", () => lib.batchHash4UintArray64s([m64, m64, m64, m64])[2], sha256Oracle(m64)],
  ["digestMany", () => lib.digestMany([m100, m64])[1], sha256Oracle(m64)],
  ["digestParts", () => lib.digestParts([m64, m100]), sha256Oracle(Buffer.concat([m64, m100]))],
  ["SHA256.final", () => new lib.SHA256().update(m100).final(), sha256Oracle(m100)],
  ["hmac", () => lib.hmac(key, m100), hmacOf(key, m100)],
  ["HMAC.final", () => new lib.HMAC(key).update(m100).final(), hmacOf(key, m100)],
  ["hkdf", () => lib.hkdf(key, m64, m100, 32), hkdfOf(32)],
  ["hkdfExtract", () => lib.hkdfExtract(m64, key), hmacOf(m64, key)],
  ["hkdfExpand", () => lib.hkdfExpand(hmacOf(m64, key), m100, 32), hkdfOf(32)],
  ["pbkdf2", () => lib.pbkdf2(key, m64, 3, 32), new Uint8Array(pbkdf2Sync(key, m64, 3, 32, "sha256"))],
  ["hasher.digest64", () => hasher.digest64(m64.subarray(0, 32), m64.subarray(32)), sha256Oracle(m64)],
];

/**
 * Transfers out's buffer away: refused where it is untransferable (Node: a
 * DataCloneError; Deno: a TypeError), else the buffer is detached.
 */
function transfer(out, how) {
  try {
    if (how === "structuredClone") structuredClone(out, {transfer: [out.buffer]});
    else new MessageChannel().port1.postMessage(out, [out.buffer]);
    return out.length === 0 ? "moved" : "refused";
  } catch (e) {
    assert.ok(e.name === "DataCloneError" || e.name === "TypeError", `a transfer failed other than as untransferable: ${e}`);
    return "refused";
  }
}

forEachModule("returned digests, transferred", function () {
  for (const how of ["structuredClone", "postMessage"]) {
    it(`${how} of any one leaves every other digest and every later call right`, function () {
      for (const [name, call] of producers()) {
        // Digests from every function, the one sent among them.
        const kept = producers().flatMap(([other, f, expected]) => [0, 1, 2].map(() => [other, f(), expected]));
        const sent = call();
        const outcome = transfer(sent, how);
        if (outcome === "moved") assert.equal(sent.length, 0, `${name}: a moved digest is detached`);
        else assert.equal(sent.length, 32, `${name}: a refused transfer leaves the digest`);
        for (const [other, out, expected] of kept) assert.equal(toHex(out), toHex(expected), `${other}, after ${name}'s digest was sent`);
        for (const [other, f, expected] of producers()) assert.equal(toHex(f()), toHex(expected), `${other}, called after ${name}'s digest was sent`);
      }
    });
  }

  it("a digest's buffer holds no other digest: it is its own, or untransferable memory shared with the runtime's Buffer pool", function () {
    const [a, b] = [lib.digest64(m64), lib.digest(m100)];
    if (a.buffer !== b.buffer) return;
    // Shared, as Node's Buffer pool shares its memory: then it is untransferable.
    assert.equal(transfer(b, "structuredClone"), "refused", "digests share a buffer that can be transferred");
  });
});
