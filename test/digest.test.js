// digest and the 64-byte functions, differential against node:crypto.
import assert from "node:assert/strict";
import {digest, digest2Bytes32, digest2Bytes32Into, digest64, digest64Into} from "sha256-simd";
import {ioSize} from "../js/core/io.js";
import {assertBytesEqual, concatBytes, forEachModule, pseudoRandomBytes, pseudoRandomInts, sha256Oracle} from "./support/helpers.js";

const MiB = 1 << 20;
// One buffer for every large case; subarrays of it start at varied offsets.
const big = pseudoRandomBytes(8 * MiB + 64, 11);

forEachModule("digest against node:crypto", function () {
  it("every length 0..1100, from offset 0 and from an odd offset", function () {
    // as-sha256 once got lengths n * 64 - 1 wrong; every length up to 1100
    // covers each padding case (the length field fits or spills) many times.
    const data = pseudoRandomBytes(1100 + 3, 7);
    for (let n = 0; n <= 1100; n++) {
      for (const off of [0, 3]) {
        const msg = data.subarray(off, off + n);
        assertBytesEqual(digest(msg), sha256Oracle(msg), `length ${n} at offset ${off}`);
      }
    }
  });

  it("lengths around 4 KiB, the 64 blocks that the module compresses per call", function () {
    for (const n of [4096 - 64, 4096 - 1, 4096, 4096 + 1, 4096 + 64, 2 * 4096, 3 * 4096 + 17]) {
      const msg = big.subarray(3, 3 + n);
      assertBytesEqual(digest(msg), sha256Oracle(msg), `length ${n}`);
    }
  });

  it("lengths around the 1 MiB I/O buffer, where digest streams in chunks", function () {
    assert.equal(ioSize, MiB, "the I/O buffer size these lengths were chosen for");
    for (const n of [ioSize - 64, ioSize - 1, ioSize, ioSize + 1, ioSize + 64, 2 * ioSize, 3 * MiB + 17]) {
      const msg = big.subarray(5, 5 + n);
      assertBytesEqual(digest(msg), sha256Oracle(msg), `length ${n}`);
    }
  });

  it("random lengths up to 8 MiB, and 8 MiB exactly", function () {
    const next = pseudoRandomInts(2024);
    for (const n of [next(8 * MiB), next(8 * MiB), next(4 * MiB), 8 * MiB]) {
      const msg = big.subarray(n & 63, (n & 63) + n);
      assertBytesEqual(digest(msg), sha256Oracle(msg), `length ${n}`);
    }
  });

  it("returns a new array on each call: later calls do not change earlier results", function () {
    const msgs = [0, 1, 64, 100, 2 * MiB].map((n, i) => big.subarray(i, i + n));
    const results = msgs.map((m) => digest(m));
    assert.equal(new Set(results).size, results.length);
    results.forEach((r, i) => assertBytesEqual(r, sha256Oracle(msgs[i]), `message ${i}`));
  });

  it("leaves its input unchanged and accepts a Buffer", function () {
    for (const n of [64, 1000, ioSize + 3]) {
      const msg = big.slice(0, n);
      const copy = msg.slice();
      const expected = sha256Oracle(msg);
      assertBytesEqual(digest(msg), expected);
      assert.ok(Buffer.from(msg).equals(copy), `length ${n}: input modified`);
      assertBytesEqual(digest(Buffer.from(msg)), expected, `length ${n} as a Buffer`);
    }
  });
});

forEachModule("digest64, digest64Into, digest2Bytes32, digest2Bytes32Into against node:crypto", function () {
  const messages = Array.from({length: 40}, (_, i) => pseudoRandomBytes(64 + i, 100 + i).subarray(i, i + 64));

  it("digest64", function () {
    for (const m of messages) assertBytesEqual(digest64(m), sha256Oracle(m));
  });

  it("digest2Bytes32, with halves from separate buffers", function () {
    for (const m of messages) {
      assertBytesEqual(digest2Bytes32(m.slice(0, 32), m.subarray(32)), sha256Oracle(m));
    }
  });

  it("digest64Into and digest2Bytes32Into write exactly the 32 output bytes", function () {
    for (const m of messages) {
      const expected = sha256Oracle(m);
      for (const write of [(out) => digest64Into(m, out), (out) => digest2Bytes32Into(m.subarray(0, 32), m.subarray(32), out)]) {
        // The output is a view into a larger buffer: the bytes around it must survive.
        const backing = new Uint8Array(40).fill(0xa5);
        write(backing.subarray(4, 36));
        assertBytesEqual(backing.subarray(4, 36), expected);
        assertBytesEqual(concatBytes(backing.subarray(0, 4), backing.subarray(36)), new Uint8Array(8).fill(0xa5));
      }
    }
  });

  it("digest64 results are independent arrays", function () {
    const a = digest64(messages[0]);
    const b = digest64(messages[1]);
    assert.notEqual(a, b);
    assertBytesEqual(a, sha256Oracle(messages[0]));
    assertBytesEqual(b, sha256Oracle(messages[1]));
  });

  it("1000 digest64 results kept at once stay distinct and correct (V8 hands them out as views of shared 8 KiB blocks)", function () {
    const msgs = Array.from({length: 1000}, (_, i) => pseudoRandomBytes(64, 500 + i));
    const results = msgs.map((m) => digest64(m));
    // Writing to one result leaves its neighbours alone.
    results.forEach((r, i) => i % 2 === 1 && r.fill(0xff));
    results.forEach((r, i) => assertBytesEqual(r, i % 2 === 1 ? new Uint8Array(32).fill(0xff) : sha256Oracle(msgs[i]), `message ${i}`));
  });
});
