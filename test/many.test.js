// digestParts and digestMany on every backend, against node:crypto: lengths
// around every block boundary, every count of messages modulo 4 (the SIMD
// module's lanes), empty messages, and batches larger than the I/O buffer.
import assert from "node:assert/strict";
import {digestMany, digestManyInto, digestParts} from "sha256-simd";
import {ioSize} from "../js/core/io.js";
import {assertBytesEqual, concatBytes, errorOf, forEachModule, pseudoRandomBytes, pseudoRandomInts, sha256Oracle} from "./support/helpers.js";

// Lengths where the padding changes shape: one block or two, and the block edges.
const edges = [0, 1, 55, 56, 57, 63, 64, 65, 119, 120, 127, 128, 129, 191, 192, 1000];

function checkMany(messages, label) {
  const got = digestMany(messages);
  assert.equal(got.length, messages.length, label);
  const into = new Uint8Array(32 * messages.length);
  digestManyInto(messages, into);
  for (let i = 0; i < messages.length; i++) {
    const want = sha256Oracle(messages[i]);
    assertBytesEqual(got[i], want, `${label}: message ${i} (${messages[i].length} bytes)`);
    assertBytesEqual(into.subarray(32 * i, 32 * i + 32), want, `${label}: message ${i}, into`);
  }
}

forEachModule("digestMany", function () {
  it("equals node:crypto for 0..13 messages of lengths around the block edges", function () {
    const rand = pseudoRandomInts(21);
    for (let count = 0; count <= 13; count++) {
      for (let round = 0; round < 12; round++) {
        const messages = [];
        for (let i = 0; i < count; i++) messages.push(pseudoRandomBytes(edges[rand(edges.length)] + (round % 3) * rand(3), 100 * count + 10 * round + i));
        checkMany(messages, `${count} messages, round ${round}`);
      }
    }
  });

  it("equals node:crypto when one lane's message is far longer than the others", function () {
    const long = pseudoRandomBytes(50000, 22);
    const short = (i) => pseudoRandomBytes(i % 130, 23 + i);
    checkMany([long, ...Array.from({length: 9}, (_, i) => short(i))], "long first");
    checkMany([...Array.from({length: 9}, (_, i) => short(i)), long, short(10)], "long among short ones");
    checkMany([long, long.subarray(1), short(1), long.subarray(2)], "three long, one short");
  });

  it("equals node:crypto for batches larger than the I/O buffer, and messages that fill it alone", function () {
    const many = Array.from({length: 40000}, (_, i) => pseudoRandomBytes(i % 61, i + 1));
    checkMany(many, "40000 small messages, more than one buffer");
    const big = pseudoRandomBytes(ioSize + 3, 24);
    checkMany([pseudoRandomBytes(10, 25), big, big.subarray(0, ioSize - 36), big.subarray(0, ioSize - 35), new Uint8Array(0)], "messages the size of the buffer");
  });

  it("rejects what is not an Array of Uint8Array, and output of the wrong size, then works", function () {
    const m = [pseudoRandomBytes(5, 26), pseudoRandomBytes(70, 27)];
    const cases = [
      [() => digestMany(m[0]), TypeError, /digestMany: messages must be an Array of Uint8Array/],
      [() => digestMany([m[0], "x"]), TypeError, /digestMany: messages\[1\] must be a Uint8Array, got string/],
      [() => digestManyInto(m, new Uint8Array(63)), RangeError, /digestManyInto: output must be 64 bytes \(32 per message\), got 63/],
      [() => digestManyInto(m, [0]), TypeError, /digestManyInto: output must be a Uint8Array, got Array/],
    ];
    for (const [call, type, message] of cases) {
      const e = errorOf(call);
      assert.ok(e instanceof type, `${call}: expected a ${type.name}, got ${e}`);
      assert.match(e.message, message);
      checkMany(m, `after ${call}`);
    }
  });
});

forEachModule("digestParts", function () {
  it("equals node:crypto's digest of the concatenation, for every split of a message", function () {
    const data = pseudoRandomBytes(300, 31);
    const rand = pseudoRandomInts(32);
    for (let n = 0; n <= 300; n += 7) {
      const whole = data.subarray(0, n);
      const cuts = [0, rand(n + 1), rand(n + 1), n].sort((a, b) => a - b);
      const parts = cuts.slice(1).map((end, i) => whole.subarray(cuts[i], end));
      assertBytesEqual(digestParts(parts), sha256Oracle(whole), `${n} bytes in ${cuts}`);
    }
    assertBytesEqual(digestParts([]), sha256Oracle(new Uint8Array(0)), "no parts");
  });

  it("equals node:crypto on parts longer than the I/O buffer together", function () {
    const a = pseudoRandomBytes(ioSize - 10, 33);
    const b = pseudoRandomBytes(100, 34);
    assertBytesEqual(digestParts([a, b, a]), sha256Oracle(concatBytes(a, b, a)));
  });

  it("rejects what is not an Array of Uint8Array", function () {
    assert.throws(() => digestParts(new Uint8Array(3)), {name: "TypeError", message: /digestParts: parts must be an Array of Uint8Array/});
    assert.throws(() => digestParts([new Uint8Array(3), null]), {name: "TypeError", message: /digestParts: parts\[1\] must be a Uint8Array, got null/});
    assertBytesEqual(digestParts([new Uint8Array(3)]), sha256Oracle(new Uint8Array(3)));
  });
});
