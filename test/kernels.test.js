// Every hash64 kernel of the modules, called directly through the C ABI,
// against node:crypto. One helper serves every kernel.
import assert from "node:assert/strict";
import {lanes} from "../js/core/lanes.js";
import {core, simdEnabled} from "../js/core/loader.js";
import {ioBytes, ioPtr, ioSize} from "../js/core/io.js";
import {assertBytesEqual, forEachModule, pseudoRandomBytes, sha256Oracle} from "./support/helpers.js";

// Counts that leave every remainder modulo 4 (so a 4-lane kernel reaches its
// one-message path and its padded pass for two or three), from none to many groups.
const counts = [0, 1, 2, 3, 4, 5, 6, 7, 10, 13, 31, 100, 1001];

/** The hash64 kernels, by name: the core's hash64_x1, and the lanes module's hash64_x4 and hash64_x4m where there is one. */
function kernels() {
  const found = {hash64_x1: core.hash64_x1};
  if (lanes() !== null) Object.assign(found, {hash64_x4: lanes().hash64_x4, hash64_x4m: lanes().hash64_x4m});
  return found;
}

function expectedDigests(messages, count) {
  const out = new Uint8Array(32 * count);
  for (let i = 0; i < count; i++) out.set(sha256Oracle(messages.subarray(64 * i, 64 * i + 64)), 32 * i);
  return out;
}

/**
 * Runs kernel `name` on `count` messages at the start of the I/O buffer, with
 * the digests written in place (out == in) or after the messages, and checks
 * the digests and that no byte outside them changed.
 */
function checkKernel(name, count, inPlace) {
  const messages = pseudoRandomBytes(64 * count, 1000 + count);
  const expected = expectedDigests(messages, count);
  const used = 64 * count + (inPlace ? 0 : 32 * count);
  const guard = 64;
  assert.ok(used + guard <= ioSize);
  ioBytes.fill(0x5a, 0, used + guard);
  ioBytes.set(messages);
  const outOffset = inPlace ? 0 : 64 * count;
  kernels()[name](ioPtr + outOffset, ioPtr, count);
  const what = `${name}, count ${count}, ${inPlace ? "in place" : "out of place"}`;
  assertBytesEqual(ioBytes.subarray(outOffset, outOffset + 32 * count), expected, what);
  if (inPlace) {
    // Past the digests the kernel may not write: the rest of the messages stay.
    assertBytesEqual(ioBytes.subarray(32 * count, 64 * count), messages.subarray(32 * count), `${what}: wrote past its digests`);
  } else {
    assertBytesEqual(ioBytes.subarray(0, 64 * count), messages, `${what}: changed its input`);
  }
  assertBytesEqual(ioBytes.subarray(used, used + guard), new Uint8Array(guard).fill(0x5a), `${what}: wrote past its output`);
}

forEachModule("hash64 kernels against node:crypto", function (module) {
  it("the modules have the kernels they were built with: hash64_x4 and hash64_x4m exactly where there is SIMD", function () {
    assert.equal(simdEnabled, module.simd);
    assert.deepEqual(Object.keys(kernels()), module.simd ? ["hash64_x1", "hash64_x4", "hash64_x4m"] : ["hash64_x1"]);
    for (const kernel of Object.values(kernels())) assert.equal(typeof kernel, "function");
  });

  for (const inPlace of [true, false]) {
    it(`every kernel, counts ${counts.join(", ")}, ${inPlace ? "out == in" : "out after in"}`, function () {
      for (const name of Object.keys(kernels())) {
        for (const count of counts) checkKernel(name, count, inPlace);
      }
    });
  }

  it("every kernel, in place on 16383 messages: all of the 1 MiB I/O buffer but the guard bytes", function () {
    const count = ioSize / 64 - 1;
    for (const name of Object.keys(kernels())) checkKernel(name, count, true);
  });
});
