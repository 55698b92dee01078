// Bad input. Wrong lengths throw what as-sha256 throws; values that are not
// bytes throw a TypeError naming the argument. After every throw, the module
// must still give node:crypto's digests: a bad call may not leave the shared
// I/O buffer or a SHA256 object in a broken state.
import assert from "node:assert/strict";
import {runInNewContext} from "node:vm";
import * as as from "@chainsafe/as-sha256";
import * as ours from "sha256-simd";
import {
  assertBytesEqual,
  concatBytes,
  forEachModule,
  hashObjectBytes,
  pseudoRandomBytes,
  pseudoRandomHashObject,
  sha256Oracle,
} from "./support/helpers.js";

const {SHA256, digest, digest64, digest64HashObjects, hashInto} = ours;
const bytes = (n) => pseudoRandomBytes(n, n + 1);
const obj = () => pseudoRandomHashObject(8);

/**
 * Asserts that `call` throws as `expected` says, and that afterwards a SHA256
 * object started before the call, and each kind of one-shot call, still give
 * node:crypto's digests.
 */
function assertThrowsThenWorks(call, expected) {
  const head = pseudoRandomBytes(150, 42);
  const tail = pseudoRandomBytes(77, 43);
  const h = new SHA256().update(head);
  assert.throws(call, expected);
  assertBytesEqual(h.update(tail).final(), sha256Oracle(concatBytes(head, tail)), "SHA256 object in progress");
  const m = pseudoRandomBytes(320, 44);
  assertBytesEqual(digest(m.subarray(0, 100)), sha256Oracle(m.subarray(0, 100)), "digest");
  assertBytesEqual(digest64(m.subarray(0, 64)), sha256Oracle(m.subarray(0, 64)), "digest64");
  const out = new Uint8Array(160);
  hashInto(m, out);
  assertBytesEqual(out.subarray(128), sha256Oracle(m.subarray(256)), "hashInto");
  const [a, b] = [pseudoRandomHashObject(1), pseudoRandomHashObject(2)];
  assertBytesEqual(hashObjectBytes(digest64HashObjects(a, b)), sha256Oracle(concatBytes(hashObjectBytes(a), hashObjectBytes(b))));
}

/** A validator for assert.throws: a TypeError whose message matches `pattern`. */
function typeError(pattern) {
  return (e) => {
    assert.ok(e instanceof TypeError, `expected a TypeError, got ${e?.name}: ${e?.message}`);
    assert.match(e.message, pattern);
    return true;
  };
}

/** The error as-sha256 throws for `call`, which must throw. */
function asSha256Error(call) {
  try {
    call(as);
  } catch (e) {
    return e;
  }
  throw new Error("as-sha256 did not throw here");
}

// Each calls one function the same way in either library.
const lengthCases = [
  ["digest64, 0 bytes", (lib) => lib.digest64(bytes(0))],
  ["digest64, 63 bytes", (lib) => lib.digest64(bytes(63))],
  ["digest64, 65 bytes", (lib) => lib.digest64(bytes(65))],
  ["digest64, 128 bytes", (lib) => lib.digest64(bytes(128))],
  ["digest64Into, data of 63 bytes", (lib, out) => lib.digest64Into(bytes(63), out(32))],
  ["digest64Into, output of 31 bytes", (lib, out) => lib.digest64Into(bytes(64), out(31))],
  ["digest64Into, output of 33 bytes", (lib, out) => lib.digest64Into(bytes(64), out(33))],
  ["digest64Into, data and output wrong: data is reported", (lib, out) => lib.digest64Into(bytes(65), out(0))],
  ["digest2Bytes32, bytes1 of 31 bytes", (lib) => lib.digest2Bytes32(bytes(31), bytes(32))],
  ["digest2Bytes32, bytes2 of 33 bytes", (lib) => lib.digest2Bytes32(bytes(32), bytes(33))],
  ["digest2Bytes32, 64 bytes and 0 bytes", (lib) => lib.digest2Bytes32(bytes(64), bytes(0))],
  ["digest2Bytes32Into, bytes1 of 33 bytes", (lib, out) => lib.digest2Bytes32Into(bytes(33), bytes(32), out(32))],
  ["digest2Bytes32Into, output of 31 bytes", (lib, out) => lib.digest2Bytes32Into(bytes(32), bytes(32), out(31))],
  ["digest2Bytes32Into, output of 64 bytes", (lib, out) => lib.digest2Bytes32Into(bytes(32), bytes(32), out(64))],
  ["batchHash4UintArray64s, 0 inputs", (lib) => lib.batchHash4UintArray64s([])],
  ["batchHash4UintArray64s, 3 inputs", (lib) => lib.batchHash4UintArray64s([bytes(64), bytes(64), bytes(64)])],
  ["batchHash4UintArray64s, 5 inputs", (lib) => lib.batchHash4UintArray64s(Array.from({length: 5}, () => bytes(64)))],
  ["batchHash4UintArray64s, input 2 of 63 bytes", (lib) => lib.batchHash4UintArray64s([bytes(64), bytes(64), bytes(63), bytes(64)])],
  ["batchHash4UintArray64s, input 3 of 65 bytes", (lib) => lib.batchHash4UintArray64s([bytes(64), bytes(64), bytes(64), bytes(65)])],
  ["batchHash4UintArray64s, input 1 null", (lib) => lib.batchHash4UintArray64s([bytes(64), null, bytes(64), bytes(64)])],
  ["batchHash4UintArray64s, input 0 undefined", (lib) => lib.batchHash4UintArray64s([undefined, bytes(64), bytes(64), bytes(64)])],
  ["batchHash4HashObjectInputs, 0 inputs", (lib) => lib.batchHash4HashObjectInputs([])],
  ["batchHash4HashObjectInputs, 7 inputs", (lib) => lib.batchHash4HashObjectInputs(Array.from({length: 7}, obj))],
  ["batchHash4HashObjectInputs, 9 inputs", (lib) => lib.batchHash4HashObjectInputs(Array.from({length: 9}, obj))],
  ["hashInto, input of 65 bytes", (lib, out) => lib.hashInto(bytes(65), out(32))],
  ["hashInto, input of 63 bytes and no output", (lib, out) => lib.hashInto(bytes(63), out(0))],
  ["hashInto, output a quarter of the input", (lib, out) => lib.hashInto(bytes(128), out(32))],
  ["hashInto, output as long as the input", (lib, out) => lib.hashInto(bytes(128), out(128))],
  ["hashInto, output one byte short", (lib, out) => lib.hashInto(bytes(256), out(127))],
  ["hashInto, empty input and a 1-byte output", (lib, out) => lib.hashInto(bytes(0), out(1))],
];

// Arguments that must be a Uint8Array: the function, the argument's name in
// the message, and a call with `x` in its place and valid other arguments.
const byteArguments = [
  ["digest", "data", (x) => ours.digest(x)],
  ["digest64", "data", (x) => ours.digest64(x)],
  ["digest64Into", "data", (x) => ours.digest64Into(x, new Uint8Array(32))],
  ["digest64Into", "output", (x) => ours.digest64Into(bytes(64), x)],
  ["digest2Bytes32", "bytes1", (x) => ours.digest2Bytes32(x, bytes(32))],
  ["digest2Bytes32", "bytes2", (x) => ours.digest2Bytes32(bytes(32), x)],
  ["digest2Bytes32Into", "bytes1", (x) => ours.digest2Bytes32Into(x, bytes(32), new Uint8Array(32))],
  ["digest2Bytes32Into", "bytes2", (x) => ours.digest2Bytes32Into(bytes(32), x, new Uint8Array(32))],
  ["digest2Bytes32Into", "output", (x) => ours.digest2Bytes32Into(bytes(32), bytes(32), x)],
  ["batchHash4UintArray64s", "inputs[2]", (x) => ours.batchHash4UintArray64s([bytes(64), bytes(64), x, bytes(64)])],
  ["hash4Input64s", "inputs[0]", (x) => ours.hash4Input64s([x, bytes(64), bytes(64), bytes(64)])],
  ["hashInto", "input", (x) => ours.hashInto(x, new Uint8Array(32))],
  ["hashInto", "output", (x) => ours.hashInto(bytes(64), x)],
  ["SHA256.update", "data", (x) => new SHA256().update(x)],
];

// Not bytes, each of the length (in elements or bytes) the argument needs,
// so that only the type can be at fault.
const notBytes = [
  ["a string", (n) => "a".repeat(n)],
  ["a number", (n) => n],
  ["null", () => null],
  ["undefined", () => undefined],
  ["a plain array", (n) => new Array(n).fill(7)],
  ["a Uint16Array", (n) => new Uint16Array(n)],
  ["a DataView", (n) => new DataView(new ArrayBuffer(n))],
];

const escapeRegExp = (s) => s.replace(/[[\]]/g, "\\$&");

// The length each argument needs: 32 for halves and outputs, else 64.
const neededLength = (arg) => (/bytes[12]|output/.test(arg) ? 32 : 64);

forEachModule("bad input: wrong lengths and missing batch entries throw as as-sha256 does", function () {
  for (const [title, call] of lengthCases) {
    it(title, function () {
      const theirs = asSha256Error((lib) => call(lib, (n) => new Uint8Array(n)));
      // Outputs start as known bytes: the throw must come before any write.
      const outputs = [];
      const out = (n) => outputs[outputs.push(pseudoRandomBytes(n, 9)) - 1];
      assertThrowsThenWorks(() => call(ours, out), {name: theirs.name, message: theirs.message});
      for (const o of outputs) assertBytesEqual(o, pseudoRandomBytes(o.length, 9), "output written before the throw");
    });
  }
});

forEachModule("bad input: values that are not a Uint8Array throw a TypeError naming the argument", function () {
  for (const [fn, arg, call] of byteArguments) {
    // A null or undefined batch entry throws as-sha256's Error: see lengthCases.
    const kinds = arg.startsWith("inputs[") ? notBytes.filter(([k]) => k !== "null" && k !== "undefined") : notBytes;
    for (const [kind, make] of kinds) {
      it(`${fn}: ${arg} is ${kind}`, function () {
        const x = make(neededLength(arg));
        assertThrowsThenWorks(() => call(x), typeError(new RegExp(`${escapeRegExp(arg)}.*Uint8Array`)));
      });
    }
  }

  it("a Buffer and a Uint8Array from another realm are accepted", function () {
    const m = bytes(64);
    const foreign = runInNewContext("new Uint8Array(64)");
    foreign.set(m);
    assert.ok(!(foreign instanceof Uint8Array));
    assertBytesEqual(digest64(foreign), sha256Oracle(m));
    assertBytesEqual(digest(Buffer.from(m)), sha256Oracle(m));
    const out = runInNewContext("new Uint8Array(32)");
    hashInto(foreign, out);
    assertBytesEqual(Uint8Array.from(out), sha256Oracle(m));
  });
});

forEachModule("bad input: batch inputs", function () {
  const notArrays = [
    ["a string", "abcd"],
    ["null", null],
    ["undefined", undefined],
    ["an array-like object", {length: 4, 0: bytes(64), 1: bytes(64), 2: bytes(64), 3: bytes(64)}],
    ["a Uint8Array", bytes(64)],
  ];
  for (const fn of ["batchHash4UintArray64s", "batchHash4HashObjectInputs"]) {
    for (const [kind, x] of notArrays) {
      it(`${fn}: inputs is ${kind}: a TypeError naming inputs`, function () {
        assertThrowsThenWorks(() => ours[fn](x), typeError(/\binputs\b/));
      });
    }
  }

  // as-sha256 throws a TypeError here (reading h0 of null); a drop-in throws
  // the same class, naming the entry.
  for (const [kind, x] of [["null", null], ["undefined", undefined]]) {
    it(`batchHash4HashObjectInputs: input 3 is ${kind}: a TypeError naming it, as as-sha256 throws a TypeError`, function () {
      const inputs = Array.from({length: 8}, obj);
      inputs[3] = x;
      assert.equal(asSha256Error((lib) => lib.batchHash4HashObjectInputs(inputs)).name, "TypeError");
      assertThrowsThenWorks(() => ours.batchHash4HashObjectInputs(inputs), typeError(/\b3\b/));
    });
  }
});

forEachModule("bad input: HashObjects", function () {
  const {h7: _, ...missingH7} = obj();
  const badObjects = [
    ["null", null],
    ["undefined", undefined],
    ["a number", 42],
    ["missing h7", missingH7],
    ["h3 a string", {...obj(), h3: "1"}],
    ["32 bytes", bytes(32)],
  ];
  for (const [kind, x] of badObjects) {
    it(`digest64HashObjects: obj1 is ${kind}`, function () {
      assertThrowsThenWorks(() => ours.digest64HashObjects(x, obj()), typeError(/\bobj1\b/));
    });
    it(`digest64HashObjectsInto: obj2 is ${kind}`, function () {
      const out = {h0: 0, h1: 0, h2: 0, h3: 0, h4: 0, h5: 0, h6: 0, h7: 0};
      assertThrowsThenWorks(() => ours.digest64HashObjectsInto(obj(), x, out), typeError(/\bobj2\b/));
      assert.deepEqual(out, {h0: 0, h1: 0, h2: 0, h3: 0, h4: 0, h5: 0, h6: 0, h7: 0}, "output written before the throw");
    });
    // null and undefined entries: under "batch inputs" above.
    if (x == null) continue;
    it(`batchHash4HashObjectInputs: input 5 is ${kind}`, function () {
      const inputs = Array.from({length: 8}, obj);
      inputs[5] = x;
      assertThrowsThenWorks(() => ours.batchHash4HashObjectInputs(inputs), typeError(/\b5\b/));
    });
  }
  for (const [kind, x] of [["null", null], ["undefined", undefined], ["a number", 1]]) {
    it(`digest64HashObjectsInto: output is ${kind}`, function () {
      assertThrowsThenWorks(() => ours.digest64HashObjectsInto(obj(), obj(), x), typeError(/\boutput\b/));
    });
  }
});

forEachModule("bad input: SHA256 used after final()", function () {
  it("final() twice throws", function () {
    const h = new SHA256().update(bytes(10));
    h.final();
    assertThrowsThenWorks(() => h.final(), /final/);
  });

  it("update() after final() throws", function () {
    const h = new SHA256().update(bytes(10));
    h.final();
    assertThrowsThenWorks(() => h.update(bytes(5)), /final/);
  });

  it("init() after either makes the object usable again", function () {
    const h = new SHA256().update(bytes(10));
    h.final();
    assert.throws(() => h.final());
    assert.throws(() => h.update(bytes(3)));
    assertBytesEqual(h.init().update(bytes(100)).final(), sha256Oracle(bytes(100)));
  });

  it("update() with bad data leaves the object's hash unchanged", function () {
    const h = new SHA256().update(bytes(70));
    assertThrowsThenWorks(() => h.update("more"), TypeError);
    assertBytesEqual(h.update(bytes(30)).final(), sha256Oracle(concatBytes(bytes(70), bytes(30))));
  });
});
