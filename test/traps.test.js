// A call that ends in an exception from inside wasm (a trap, or the engine's
// stack running out mid-call) leaves nothing behind: the next calls are
// right at every size. Traps are forced through the modules' own exports with
// addresses past their memory; the stack runs out by calling the package at
// the bottom of a recursion, then at every depth on the way back up, where
// every call that returns must return the right bytes. Checked against
// node:crypto.
import assert from "node:assert/strict";
import {createHmac} from "node:crypto";
import * as lib from "../js/index.js";
import {core} from "../js/core/loader.js";
import {lanes} from "../js/core/lanes.js";
import {forEachModule, pseudoRandomBytes, sha256Oracle, toHex} from "./support/helpers.js";

/** Every length up to 300 bytes, and long ones, each digested and streamed, against node:crypto. */
function assertRightAtEverySize(label) {
  const data = pseudoRandomBytes(3 << 20, 7);
  for (const n of [...Array.from({length: 301}, (_, i) => i), 4095, 65536, 1 << 20, 3 << 20]) {
    const m = data.subarray(0, n);
    const expected = toHex(sha256Oracle(m));
    assert.equal(toHex(lib.digest(m)), expected, `${label}: digest of ${n} bytes`);
    if (n >= 4095) assert.equal(toHex(new lib.SHA256().update(m).final()), expected, `${label}: SHA256 of ${n} bytes`);
  }
  const batch = data.subarray(0, 64 * 37);
  const out = new Uint8Array(32 * 37);
  lib.hashInto(batch, out);
  for (let i = 0; i < 37; i++) assert.equal(toHex(out.subarray(32 * i, 32 * i + 32)), toHex(sha256Oracle(batch.subarray(64 * i, 64 * i + 64))), `${label}: hashInto`);
  const key = data.subarray(0, 100);
  assert.equal(toHex(lib.hmac(key, data.subarray(0, 5000))), createHmac("sha256", key).update(data.subarray(0, 5000)).digest("hex"), `${label}: hmac`);
}

forEachModule("after exceptions from inside wasm", function (m) {
  it("a thousand traps in the modules' exports, at addresses past memory: every later call right", function () {
    if (m.backend !== "simd") this.skip(); // The portable build has no traps: it reads JavaScript arrays.
    const past = core.memory.buffer.byteLength - 16;
    const traps = [
      () => core.digest(past, 4096, 0),
      () => core.digest(0, 0x7fffffff, 64),
      () => core.sha256_update(past, past, 4096),
      () => core.compress(past, past, 64),
      () => core.hash64_x1(past, past, 64),
      () => lanes().hash64_x4(past, past, 64),
      () => lanes().hash64_x4(0, past, 1024),
    ];
    let trapped = 0;
    for (let i = 0; i < 1000; i++) {
      assert.throws(traps[i % traps.length], WebAssembly.RuntimeError);
      trapped++;
    }
    assert.equal(trapped, 1000);
    assertRightAtEverySize("after 1000 traps");
  });

  it("the stack running out mid-call, at every depth on the way back: each call that returns is right", function () {
    const data = pseudoRandomBytes(2000, 9);
    const key = data.subarray(0, 80);
    const calls = [
      ["digest", () => lib.digest(data), sha256Oracle(data)],
      ["SHA256", () => new lib.SHA256().update(data).final(), sha256Oracle(data)],
      ["hmac", () => lib.hmac(key, data), createHmac("sha256", key).update(data).digest()],
      ["digestMany", () => lib.digestMany([data, key])[0], sha256Oracle(data)],
      ["digest64", () => lib.digest64(data.subarray(0, 64)), sha256Oracle(data.subarray(0, 64))],
    ].map(([name, f, expected]) => [name, f, toHex(expected)]);
    let failed = 0;
    let returned = 0;
    let wrong = null;
    const atDepth = (depth) => {
      try {
        atDepth(depth + 1);
      } catch {
        // The bottom: the stack is spent.
      }
      const [name, f, expected] = calls[depth % calls.length];
      try {
        const got = toHex(f());
        returned++;
        if (got !== expected) wrong ??= `${name} at depth ${depth}`;
      } catch (e) {
        if (!(e instanceof RangeError)) throw e;
        failed++;
      }
    };
    atDepth(0);
    assert.equal(wrong, null, `a call returned a wrong result: ${wrong}`);
    assert.ok(failed > 0, "no call ran out of stack: the test did not reach the bottom");
    assert.ok(returned > 1000);
    assertRightAtEverySize("after the stack ran out");
  });
});
