// Secrets do not linger: after hmac, HMAC.final(), hkdf and pbkdf2 return,
// the whole memory of the backend (the wasm module's, or the portable build's
// buffer) holds none of the key or password, the padded key blocks, the
// inner digest, the pseudorandom key, U(1) or the derived key. Each is
// searched for as bytes and as the big-endian words the compression reads,
// and computed with node:crypto, independently of the code under test.
import assert from "node:assert/strict";
import {createHash, createHmac, hkdfSync, pbkdf2Sync} from "node:crypto";
import {HMAC, hkdf, hkdfExpand, hmac, pbkdf2} from "../js/index.js";
import {core} from "../js/core/loader.js";
import {ioSize} from "../js/core/io.js";
import {forEachModule, pseudoRandomBytes} from "./support/helpers.js";

const sha256 = (...parts) => createHash("sha256").update(Buffer.concat(parts)).digest();

/**
 * The 64-byte key block of HMAC (RFC 2104) xor'ed with pad, cut to the bytes
 * the key covers: the rest, the pad byte repeated, would not tell a leak.
 */
function padded(key, pad) {
  const k = key.length > 64 ? sha256(key) : Buffer.from(key);
  const block = Buffer.alloc(64);
  k.copy(block);
  for (let i = 0; i < 64; i++) block[i] ^= pad;
  return block.subarray(0, Math.min(k.length, 64));
}

/** The same bytes with each 32-bit word reversed: how a little-endian machine holds the words SHA-256 reads. */
function swapped(bytes) {
  return Buffer.from(bytes.subarray(0, bytes.length & ~3)).swap32();
}

// Secrets are searched for in pieces, so that one left in part (the rest
// overwritten by a later call) is found too: 12 pseudo-random bytes do not
// turn up in 2 MiB of memory by chance.
const piece = 12;

/** What an HMAC under key of message leaves behind if anything is not wiped. */
function hmacSecrets(key, message) {
  const ipad = padded(key, 0x36);
  return {key: Buffer.from(key), ipad, opad: padded(key, 0x5c), inner: sha256(ipad, message)};
}

function assertWiped(secrets, label) {
  const memory = Buffer.from(core.memory.buffer);
  for (const [name, secret] of Object.entries(secrets)) {
    for (const [form, bytes] of [["bytes", secret], ["words", swapped(secret)]]) {
      for (let at = 0; at + piece <= bytes.length; at += piece) {
        const found = memory.indexOf(bytes.subarray(at, at + piece));
        assert.equal(found, -1, `${label}: bytes ${at}..${at + piece} of ${name} (as ${form}) are still in memory, at ${found}`);
      }
    }
  }
}

forEachModule("secrets wiped", function () {
  const message = pseudoRandomBytes(150, 41);

  it("hmac and HMAC.mac leave no key, padded block or inner digest, for short and long keys", function () {
    for (const n of [20, 64, 100, 200]) {
      const key = pseudoRandomBytes(n, 42 + n);
      const tag = hmac(key, message);
      assertWiped({...hmacSecrets(key, message), tag}, `hmac, ${n}-byte key`);
      new HMAC(key).mac(message);
      assertWiped(hmacSecrets(key, message), `HMAC.mac, ${n}-byte key`);
    }
  });

  it("HMAC.final leaves nothing, and destroy() zeroes the object's key state", function () {
    const key = pseudoRandomBytes(48, 43);
    const h = new HMAC(key).update(message.subarray(0, 100));
    assertWiped(hmacSecrets(key, message), "after update");
    h.update(message.subarray(100)).final();
    assertWiped(hmacSecrets(key, message), "after final");
    h.destroy();
    for (const [name, value] of Object.entries(h)) {
      if (value instanceof Uint8Array) assert.ok(value.every((b) => b === 0), `HMAC.${name} still holds key state`);
    }
  });

  it("hkdf leaves no input key, pseudorandom key or output", function () {
    const [ikm, salt, info] = [pseudoRandomBytes(32, 44), pseudoRandomBytes(32, 45), pseudoRandomBytes(20, 46)];
    const okm = hkdf(ikm, salt, info, 96);
    const prk = createHmac("sha256", salt).update(ikm).digest();
    assert.deepEqual(Buffer.from(okm), Buffer.from(hkdfSync("sha256", ikm, salt, info, 96)));
    assertWiped({ikm: Buffer.from(ikm), prk, okm: Buffer.from(okm), ...hmacSecrets(prk, Buffer.alloc(0))}, "hkdf");
  });

  it("hkdfExpand that rejects its info leaves no key state of the pseudorandom key", function () {
    const prk = pseudoRandomBytes(32, 49);
    assert.throws(() => hkdfExpand(prk, new Uint8Array(ioSize), 32), RangeError);
    assertWiped(hmacSecrets(prk, Buffer.alloc(0)), "hkdfExpand, rejected");
  });

  it("pbkdf2 leaves no password, padded block, U(1) or derived key", function () {
    const [password, salt] = [pseudoRandomBytes(24, 47), pseudoRandomBytes(16, 48)];
    const dk = pbkdf2(password, salt, 50, 64);
    assert.deepEqual(Buffer.from(dk), pbkdf2Sync(password, salt, 50, 64, "sha256"));
    const u1 = createHmac("sha256", password).update(Buffer.concat([salt, Buffer.from([0, 0, 0, 1])])).digest();
    const {key, ipad, opad} = hmacSecrets(password, salt);
    assertWiped({key, ipad, opad, u1, dk: Buffer.from(dk)}, "pbkdf2");
  });
});

/**
 * Arguments made of the caller's own objects that are refused: a Proxy of a
 * Uint8Array, a revoked Proxy, and an object whose getter throws. (A
 * Uint8Array subclass whose length getter throws is bytes, read by their
 * own length, and hashed.)
 */
const hostile = () => {
  const revocable = Proxy.revocable(new Uint8Array(40), {});
  revocable.revoke();
  return [
    ["a Proxy of a Uint8Array", new Proxy(pseudoRandomBytes(40, 50), {})],
    ["a revoked Proxy", revocable.proxy],
    ["an object with a throwing getter", {get length() {
      throw new Error("a getter that throws");
    }}],
  ];
};

forEachModule("secrets wiped when a call fails on the caller's objects", function () {
  const [key, salt, info, password] = [pseudoRandomBytes(48, 51), pseudoRandomBytes(32, 52), pseudoRandomBytes(20, 53), pseudoRandomBytes(24, 54)];
  const prk = createHmac("sha256", salt).update(key).digest();

  for (const [what, bad] of hostile()) {
    it(`${what}: hmac, HMAC.update, hkdf, hkdfExpand and pbkdf2 throw and leave no key state, and HMAC goes on right`, function () {
      assert.throws(() => hmac(key, bad));
      assertWiped(hmacSecrets(key, Buffer.alloc(0)), `hmac(key, ${what})`);
      const h = new HMAC(key).update(info);
      assert.throws(() => h.update(bad));
      assertWiped(hmacSecrets(key, Buffer.alloc(0)), `HMAC.update(${what})`);
      assert.deepEqual(Buffer.from(h.final()), createHmac("sha256", key).update(info).digest(), "HMAC after a refused update");
      for (const call of [() => hkdf(key, salt, bad, 42), () => hkdf(key, bad, info, 42)]) {
        assert.throws(call);
        assertWiped({prk, ...hmacSecrets(prk, Buffer.alloc(0)), ...hmacSecrets(salt, key)}, `hkdf with ${what}`);
      }
      assert.throws(() => hkdfExpand(prk, bad, 42));
      assertWiped(hmacSecrets(prk, Buffer.alloc(0)), `hkdfExpand(prk, ${what})`);
      assert.throws(() => pbkdf2(password, bad, 10, 32));
      assertWiped(hmacSecrets(password, Buffer.alloc(0)), `pbkdf2(password, ${what})`);
      // The next call is right.
      assert.deepEqual(Buffer.from(hmac(key, info)), createHmac("sha256", key).update(info).digest());
    });
  }
});
