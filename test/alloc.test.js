// The functions a merkle tree calls in its inner loops put nothing on the
// JavaScript heap, so a consensus client hashing millions of nodes runs no
// collections for them: digest64Into, digest2Bytes32Into,
// digest64HashObjectsInto and hashInto, on the default backend. Measured in
// a child process of its own (test/fixtures/alloc-check.js) with V8's GC
// profiler, which Bun and Deno lack. digest64, which returns a new array per
// call, is the control that shows the measurement sees allocation.
import assert from "node:assert/strict";
import {execFileSync} from "node:child_process";
import {fileURLToPath} from "node:url";
import v8 from "node:v8";

const fixture = fileURLToPath(new URL("./fixtures/alloc-check.js", import.meta.url));
const calls = 1e6;

describe("heap use of the hot-path functions", function () {
  this.timeout(60000);
  let measured;

  before(function () {
    if (process.versions.bun || globalThis.Deno || typeof v8.GCProfiler !== "function") {
      console.warn("      skipped: needs Node's v8.GCProfiler");
      this.skip();
    }
    measured = JSON.parse(execFileSync(process.execPath, ["--expose-gc", fixture, String(calls)], {encoding: "utf8"}));
  });

  for (const name of ["digest64Into", "digest2Bytes32Into", "digest64HashObjectsInto", "hashInto"]) {
    it(`${name} allocates nothing per call`, function () {
      // Under a byte a call: what V8 allocates once (compiled code, feedback) spread over a million calls.
      assert.ok(measured.bytesPerCall[name] < 1, `${name}: ${measured.bytesPerCall[name]} bytes per call on ${measured.backend}`);
    });
  }

  it("sees the 32-byte array digest64 returns per call", function () {
    assert.ok(measured.bytesPerCall.digest64 >= 32, `digest64: ${measured.bytesPerCall.digest64} bytes per call`);
  });
});
