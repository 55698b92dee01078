// Code of the caller's that runs inside a call and calls the package again:
// HashObject getters and setters, Proxy arrays, Uint8Array subclasses whose
// length, set or subarray call back, HMAC and SHA256 streams run from inside
// another's update. Every result is checked against node:crypto (or
// persistent-merkle-tree's noble hasher), on every backend, with every kind of
// nested call, and in a randomized mix.
import assert from "node:assert/strict";
import {createHmac} from "node:crypto";
import * as lib from "sha256-simd";
import {useSingleStream} from "../js/generated/server.js";
import {assertBytesEqual, concatBytes, forEachModule, hashObjectBytes, pseudoRandomBytes, pseudoRandomHashObject, pseudoRandomInts, sha256Oracle} from "./support/helpers.js";

const m64 = pseudoRandomBytes(64, 1);
const m300 = pseudoRandomBytes(300, 2);
const key = pseudoRandomBytes(40, 3);

/** Calls of the package that the caller's code makes from inside another call, each checked where it returns. */
function nestedCalls(module) {
  const reload = () => {
    lib.reinitializeInstance(lib.simdEnabled);
    if (module.singleStream) useSingleStream(module.singleStream);
  };
  return {
    digest64: () => assertBytesEqual(lib.digest64(m64), sha256Oracle(m64), "nested digest64"),
    digest: () => assertBytesEqual(lib.digest(m300), sha256Oracle(m300), "nested digest"),
    hashInto: () => {
      const out = new Uint8Array(32 * 5);
      const input = pseudoRandomBytes(64 * 5, 4);
      lib.hashInto(input, out);
      assertBytesEqual(out.subarray(64, 96), sha256Oracle(input.subarray(128, 192)), "nested hashInto");
    },
    digest64HashObjects: () => lib.digest64HashObjects(pseudoRandomHashObject(5), pseudoRandomHashObject(6)),
    stream: () => assertBytesEqual(new lib.SHA256().update(m300).update(m64).final(), sha256Oracle(concatBytes(m300, m64)), "nested SHA256"),
    hmac: () => assertBytesEqual(lib.hmac(key, m300), createHmac("sha256", key).update(m300).digest(), "nested hmac"),
    digestMany: () => assertBytesEqual(lib.digestMany([m64, m300])[1], sha256Oracle(m300), "nested digestMany"),
    reinitializeInstance: reload,
  };
}

/** A HashObject of `words`' values whose every field runs `call` first. */
function hashObjectCalling(obj, call) {
  const r = {};
  for (let i = 0; i < 8; i++) Object.defineProperty(r, `h${i}`, {enumerable: true, get: () => (call(), obj[`h${i}`])});
  return r;
}

/** What a subclass's length getter returns for a true length n: the truth, unless a test sets a lie. */
let reported = (n) => n;

/** A copy of bytes as a Uint8Array subclass whose length, set and subarray run `call` first. */
function bytesCalling(bytes, call) {
  class Calling extends Uint8Array {
    get length() {
      call();
      return reported(super.length);
    }
    set(...args) {
      call();
      return super.set(...args);
    }
    subarray(...args) {
      call();
      return super.subarray(...args);
    }
  }
  const out = new Calling(bytes.length);
  Uint8Array.prototype.set.call(out, bytes);
  return out;
}

/** An Array of items, as a Proxy whose every read runs `call` first. */
const arrayCalling = (items, call) => new Proxy(items, {get: (t, p, r) => (call(), Reflect.get(t, p, r))});

const pairBytes = (a, b) => concatBytes(hashObjectBytes(a), hashObjectBytes(b));

/** The operations under test: each runs with `call` nested in it, and checks its result against an oracle. */
const operations = {
  digest64HashObjects(call) {
    const [a, b] = [pseudoRandomHashObject(10), pseudoRandomHashObject(11)];
    const out = lib.digest64HashObjects(hashObjectCalling(a, call), hashObjectCalling(b, call));
    assertBytesEqual(hashObjectBytes(out), sha256Oracle(pairBytes(a, b)));
  },
  digest64HashObjectsInto(call) {
    const [a, b] = [pseudoRandomHashObject(12), pseudoRandomHashObject(13)];
    const got = {};
    const out = {};
    for (let i = 0; i < 8; i++) Object.defineProperty(out, `h${i}`, {set: (v) => (call(), (got[`h${i}`] = v))});
    lib.digest64HashObjectsInto(hashObjectCalling(a, call), hashObjectCalling(b, call), out);
    assertBytesEqual(hashObjectBytes(got), sha256Oracle(pairBytes(a, b)));
  },
  batchHash4HashObjectInputs(call) {
    const objs = Array.from({length: 8}, (_, i) => pseudoRandomHashObject(20 + i));
    const out = lib.batchHash4HashObjectInputs(arrayCalling(objs.map((o) => hashObjectCalling(o, call)), call));
    out.forEach((o, i) => assertBytesEqual(hashObjectBytes(o), sha256Oracle(pairBytes(objs[2 * i], objs[2 * i + 1])), `output ${i}`));
  },
  batchHash4UintArray64s(call) {
    const msgs = [0, 1, 2, 3].map((i) => pseudoRandomBytes(64, 30 + i));
    const out = lib.batchHash4UintArray64s(arrayCalling(msgs.map((m) => bytesCalling(m, call)), call));
    out.forEach((d, i) => assertBytesEqual(d, sha256Oracle(msgs[i]), `output ${i}`));
  },
  digest(call) {
    for (const n of [10, 64, 1000]) assertBytesEqual(lib.digest(bytesCalling(pseudoRandomBytes(n, n), call)), sha256Oracle(pseudoRandomBytes(n, n)));
  },
  digest2Bytes32Into(call) {
    const [a, b] = [pseudoRandomBytes(32, 40), pseudoRandomBytes(32, 41)];
    const out = bytesCalling(new Uint8Array(32), call);
    lib.digest2Bytes32Into(bytesCalling(a, call), bytesCalling(b, call), out);
    assertBytesEqual(new Uint8Array(out), sha256Oracle(concatBytes(a, b)));
  },
  hashInto(call) {
    const input = pseudoRandomBytes(64 * 9, 42);
    const out = bytesCalling(new Uint8Array(32 * 9), call);
    lib.hashInto(bytesCalling(input, call), out);
    for (let i = 0; i < 9; i++) assertBytesEqual(new Uint8Array(out).subarray(32 * i, 32 * i + 32), sha256Oracle(input.subarray(64 * i, 64 * i + 64)));
  },
  digestParts(call) {
    const parts = [5, 64, 200, 1].map((n, i) => pseudoRandomBytes(n, 50 + i));
    const got = lib.digestParts(arrayCalling(parts.map((p) => bytesCalling(p, call)), call));
    assertBytesEqual(got, sha256Oracle(concatBytes(...parts)));
  },
  digestMany(call) {
    const msgs = [0, 55, 64, 300, 1000, 7].map((n, i) => pseudoRandomBytes(n, 60 + i));
    const got = lib.digestMany(arrayCalling(msgs.map((m) => bytesCalling(m, call)), call));
    got.forEach((d, i) => assertBytesEqual(d, sha256Oracle(msgs[i]), `message ${i}`));
  },
  SHA256(call) {
    const parts = [pseudoRandomBytes(100, 70), pseudoRandomBytes(30, 71)];
    const h = new lib.SHA256();
    for (const p of parts) h.update(bytesCalling(p, call));
    assertBytesEqual(h.final(), sha256Oracle(concatBytes(...parts)));
  },
  HMAC(call) {
    const parts = [pseudoRandomBytes(100, 72), pseudoRandomBytes(30, 73)];
    const h = new lib.HMAC(bytesCalling(key, call));
    for (const p of parts) h.update(bytesCalling(p, call));
    assertBytesEqual(h.final(), createHmac("sha256", key).update(concatBytes(...parts)).digest());
    assertBytesEqual(lib.hmac(bytesCalling(key, call), bytesCalling(m300, call)), createHmac("sha256", key).update(m300).digest());
  },
};

forEachModule("calls made from inside a call (getters, Proxies, subclasses)", function (module) {
  for (const [op, run] of Object.entries(operations)) {
    it(`${op}: right whatever the caller's code calls from inside it`, function () {
      for (const [name, call] of Object.entries(nestedCalls(module))) {
        try {
          run(call);
        } catch (e) {
          e.message = `${op} with ${name} nested: ${e.message}`;
          throw e;
        }
      }
    });
  }

  // The length a subclass reports picks nothing but a path (digest(): wasm or node:crypto); what is hashed is what the array holds.
  it("every operation right where a subclass's length misleads", function () {
    const lies = {"one more": (n) => n + 1, "one less": (n) => n - 1, none: () => 0, "past 2^32": (n) => n + 2 ** 32, "a string": (n) => String(n + 1), NaN: () => NaN};
    try {
      for (const [lie, f] of Object.entries(lies)) {
        reported = f;
        for (const [op, run] of Object.entries(operations)) {
          try {
            run(() => {});
          } catch (e) {
            e.message = `${op}, length ${lie}: ${e.message}`;
            throw e;
          }
        }
      }
    } finally {
      reported = (n) => n;
    }
  });

  it("a randomized mix: random operations, random calls nested in them, two deep", function () {
    const calls = Object.values(nestedCalls(module));
    const ops = Object.values(operations);
    const next = pseudoRandomInts(77);
    for (let i = 0; i < 60; i++) {
      const inner = calls[next(calls.length)];
      const middle = ops[next(ops.length)];
      // Nested once in an operation that itself is nested, now and then.
      const call = next(4) === 0 ? () => middle(inner) : inner;
      ops[next(ops.length)](call);
    }
  });
});
