// The batch functions and hashInto, against node:crypto.
import assert from "node:assert/strict";
import {
  batchHash4HashObjectInputs,
  batchHash4UintArray64s,
  digest64HashObjects,
  hash4Input64s,
  hash8HashObjects,
  hashInto,
} from "sha256-simd";
import {ioSize} from "../js/core/io.js";
import {
  assertBytesEqual,
  concatBytes,
  forEachModule,
  hashObjectBytes,
  pseudoRandomBytes,
  pseudoRandomHashObject,
  sha256Oracle,
} from "./support/helpers.js";

/** The digests of `count` 64-byte messages, one after another. */
function expectedDigests(input) {
  const count = input.length / 64;
  const out = new Uint8Array(32 * count);
  for (let i = 0; i < count; i++) out.set(sha256Oracle(input.subarray(64 * i, 64 * i + 64)), 32 * i);
  return out;
}

// Every remainder modulo 4, so each pass of the 4-lane kernel is reached.
const lanes = [0, 1, 2, 3, 4, 5, 6, 7, 10, 13, 31, 100, 1001];
// 20,000 and 65,536 messages are 1.3 MB and 4 MiB: more than the 1 MiB I/O
// buffer, so hashInto goes through it in chunks; 16,384 fills it exactly.
const large = [ioSize / 64 - 1, ioSize / 64, ioSize / 64 + 1, 20000, 65536];

forEachModule("batchHash4UintArray64s and hash4Input64s against node:crypto", function () {
  for (const [name, fn] of [["batchHash4UintArray64s", batchHash4UintArray64s], ["hash4Input64s", hash4Input64s]]) {
    it(name, function () {
      for (let round = 0; round < 20; round++) {
        const inputs = [0, 1, 2, 3].map((i) => pseudoRandomBytes(64 + i, 40 * round + i).subarray(i));
        const outputs = fn(inputs);
        assert.equal(outputs.length, 4);
        outputs.forEach((out, i) => assertBytesEqual(out, sha256Oracle(inputs[i]), `round ${round}, output ${i}`));
      }
    });
  }

  it("returns four independent arrays that later calls leave alone", function () {
    const inputs = [0, 1, 2, 3].map((i) => pseudoRandomBytes(64, 7 + i));
    const first = batchHash4UintArray64s(inputs);
    batchHash4UintArray64s([...inputs].reverse());
    assert.equal(new Set(first).size, 4);
    first.forEach((out, i) => assertBytesEqual(out, sha256Oracle(inputs[i]), `output ${i}`));
  });
});

forEachModule("batchHash4HashObjectInputs and hash8HashObjects against node:crypto", function () {
  for (const [name, fn] of [["batchHash4HashObjectInputs", batchHash4HashObjectInputs], ["hash8HashObjects", hash8HashObjects]]) {
    it(`${name}: output i is the hash of inputs 2i and 2i + 1, equal to digest64HashObjects`, function () {
      for (let round = 0; round < 20; round++) {
        const inputs = Array.from({length: 8}, (_, i) => pseudoRandomHashObject(100 * round + i, round % 2 === 1));
        const outputs = fn(inputs);
        assert.equal(outputs.length, 4);
        for (let i = 0; i < 4; i++) {
          const bytes = concatBytes(hashObjectBytes(inputs[2 * i]), hashObjectBytes(inputs[2 * i + 1]));
          assertBytesEqual(hashObjectBytes(outputs[i]), sha256Oracle(bytes), `round ${round}, output ${i}`);
          assert.deepEqual(outputs[i], digest64HashObjects(inputs[2 * i], inputs[2 * i + 1]));
        }
      }
    });
  }
});

forEachModule("hashInto against node:crypto", function () {
  it(`counts ${lanes.join(", ")}`, function () {
    for (const count of lanes) {
      const input = pseudoRandomBytes(64 * count, count + 1);
      const output = new Uint8Array(32 * count);
      hashInto(input, output);
      assertBytesEqual(output, expectedDigests(input), `count ${count}`);
    }
  });

  it(`counts ${large.join(", ")}: up to and beyond the 1 MiB I/O buffer`, function () {
    for (const count of large) {
      const input = pseudoRandomBytes(64 * count, count);
      const output = new Uint8Array(32 * count);
      hashInto(input, output);
      assertBytesEqual(output, expectedDigests(input), `count ${count}`);
    }
  });

  it("in place (output = input.subarray(0, input.length / 2)), small and larger than the I/O buffer", function () {
    for (const count of [1, 2, 3, 5, 6, 10, 13, 1001, ...large]) {
      const input = pseudoRandomBytes(64 * count, 3 * count);
      const expected = expectedDigests(input);
      const secondHalf = input.slice(32 * count);
      hashInto(input, input.subarray(0, 32 * count));
      assertBytesEqual(input.subarray(0, 32 * count), expected, `count ${count}`);
      assertBytesEqual(input.subarray(32 * count), secondHalf, `count ${count}: wrote past the output`);
    }
  });

  it("into a view of a larger buffer, leaving its input and the bytes around the output alone", function () {
    for (const count of [3, 20000]) {
      const input = pseudoRandomBytes(64 * count + 5, count).subarray(5);
      const copy = input.slice();
      const backing = new Uint8Array(32 * count + 16).fill(0xc3);
      hashInto(input, backing.subarray(8, 8 + 32 * count));
      assertBytesEqual(backing.subarray(8, 8 + 32 * count), expectedDigests(copy), `count ${count}`);
      assertBytesEqual(concatBytes(backing.subarray(0, 8), backing.subarray(8 + 32 * count)), new Uint8Array(16).fill(0xc3));
      assertBytesEqual(input, copy, `count ${count}: input changed`);
    }
  });
});
