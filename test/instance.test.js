// Choosing the module: simdEnabled, reinitializeInstance, SHA256 objects
// across a switch, and a runtime without WebAssembly SIMD.
import assert from "node:assert/strict";
import {execFileSync} from "node:child_process";
import {fileURLToPath} from "node:url";
import * as as from "@chainsafe/as-sha256";
import {SHA256, digest, digest64, reinitializeInstance, simdEnabled} from "../js/index.js";
import {detectEngine, engine} from "../js/engine.js";
import * as instance from "../js/instance.js";
import * as io from "../js/io.js";
import {assertBytesEqual, concatBytes, forEachModule, pseudoRandomBytes, pseudoRandomInts, sha256Oracle, toHex} from "./helpers.js";

forEachModule("module selection", function (module) {
  it("simdEnabled reflects the forced module", function () {
    assert.equal(simdEnabled, module.simd);
    assert.equal(instance.simdEnabled, module.simd);
    assert.equal(typeof instance.wasm.hash64_x4 === "function", module.simd, "the instance is not the forced module");
  });
});

describe("reinitializeInstance", function () {
  afterEach(function () {
    reinitializeInstance();
    as.reinitializeInstance();
  });

  it("backend follows reinitializeInstance and useBackend, which rejects any other name and leaves the instance working", function () {
    const m = pseudoRandomBytes(100, 9);
    for (const [call, want] of [
      [() => reinitializeInstance(false), "scalar"],
      [() => instance.useBackend("js"), "js"],
      [() => reinitializeInstance(true), "simd"],
      [() => instance.useBackend("scalar"), "scalar"],
    ]) {
      call();
      assert.equal(instance.backend, want);
      assertBytesEqual(digest(m), sha256Oracle(m), want);
    }
    for (const bad of ["wasm", "", undefined, 1]) {
      assert.throws(() => instance.useBackend(bad), {name: "TypeError", message: /useBackend: "simd", "scalar" or "js", got/});
      assert.equal(instance.backend, "scalar");
    }
    assertBytesEqual(digest(m), sha256Oracle(m), "after the rejected calls");
  });

  it("with no argument picks the SIMD module on this Node", function () {
    assert.equal(instance.simdSupported, true);
    reinitializeInstance(false);
    assert.equal(simdEnabled, false);
    reinitializeInstance();
    assert.equal(simdEnabled, true);
    assert.equal(typeof instance.wasm.hash64_x4, "function");
  });

  it("reads its argument as as-sha256 does: undefined picks, anything else by truthiness", function () {
    for (const arg of [false, true, 0, 1, "", "yes", null, undefined]) {
      reinitializeInstance(arg);
      as.reinitializeInstance(arg);
      assert.equal(simdEnabled, as.simdEnabled, `reinitializeInstance(${JSON.stringify(arg)})`);
    }
  });

  it("gives a working instance each time, and results from before stay valid", function () {
    const m = pseudoRandomBytes(64, 3);
    const results = [];
    for (const simd of [true, true, false, false, true]) {
      reinitializeInstance(simd);
      results.push(digest64(m), digest(m.subarray(0, 10)));
    }
    results.forEach((r, i) => assertBytesEqual(r, sha256Oracle(i % 2 === 0 ? m : m.subarray(0, 10)), `result ${i}`));
  });

  it("a SHA256 object keeps its state across module switches mid-stream, including to a fresh instance of the same module", function () {
    const parts = [5, 64, 100, 1, 70].map((n, i) => pseudoRandomBytes(n, 20 + i));
    for (const order of [[true, false, false, true, false], [false, true, true, false, true]]) {
      reinitializeInstance(order[0]);
      const h = new SHA256();
      parts.forEach((p, i) => {
        reinitializeInstance(order[i]);
        h.update(p);
      });
      reinitializeInstance(!order.at(-1));
      assertBytesEqual(h.final(), sha256Oracle(concatBytes(...parts)), `modules ${order}`);
    }
  });

  it("many objects, with the module switched between random updates", function () {
    const next = pseudoRandomInts(31);
    const msgs = Array.from({length: 10}, (_, i) => pseudoRandomBytes(300 + i, 60 + i));
    const hashers = msgs.map(() => new SHA256());
    const pos = msgs.map(() => 0);
    for (let step = 0; step < 200; step++) {
      if (next(4) === 0) reinitializeInstance(next(2) === 1);
      const i = next(msgs.length);
      const end = Math.min(msgs[i].length, pos[i] + next(90));
      hashers[i].update(msgs[i].subarray(pos[i], end));
      pos[i] = end;
    }
    hashers.forEach((h, i) => {
      h.update(msgs[i].subarray(pos[i]));
      assertBytesEqual(h.final(), sha256Oracle(msgs[i]), `object ${i}`);
    });
  });

  it("an object made under one module can init() and hash under the other", function () {
    reinitializeInstance(true);
    const h = new SHA256().update(pseudoRandomBytes(10, 1));
    reinitializeInstance(false);
    const m = pseudoRandomBytes(200, 2);
    assertBytesEqual(h.init().update(m).final(), sha256Oracle(m));
  });
});

describe("the SIMD module's single-stream compression and 4-lane kernel, chosen per engine", function () {
  afterEach(function () {
    reinitializeInstance();
  });

  it("are the scalar schedule and hash64_x4m on JavaScriptCore (Bun), the SIMD schedule and hash64_x4 on V8 (Node, Deno)", function () {
    // Told from the runtime's own globals, not from the Error properties that
    // js/engine.js reads: mocha runs here on Node, Deno or Bun.
    const jsc = typeof globalThis.Bun === "object";
    assert.equal(engine, jsc ? "jsc" : "v8");
    const expected = jsc ? ["scalar", "hash64_x4m"] : ["simd", "hash64_x4"];
    reinitializeInstance(true);
    assert.deepEqual([instance.singleStream, instance.hash64Kernel], expected);
    reinitializeInstance(false);
    assert.deepEqual([instance.singleStream, instance.hash64Kernel], [null, null]);
    reinitializeInstance(true);
    assert.deepEqual([instance.singleStream, instance.hash64Kernel], expected, "chosen again by a fresh SIMD instance");
  });

  it("the 64-byte functions copy by loop on JavaScriptCore (Bun) and with set() on V8 (Node, Deno)", function () {
    const jsc = typeof globalThis.Bun === "object";
    assert.equal(io.smallCopy, jsc ? "loop" : "set");
    assert.equal(io.copySmall, jsc ? io.copyByLoop : io.copyBySet);
  });

  it("copyByLoop and copyBySet copy 32 and 64 bytes to any offset and nothing else", function () {
    for (const copy of [io.copyByLoop, io.copyBySet]) {
      for (const [n, at] of [[32, 0], [32, 32], [64, 0], [64, 192], [64, 7]]) {
        const src = pseudoRandomBytes(n + 3, n + at).subarray(3);
        const dst = new Uint8Array(300).fill(0xa5);
        copy(dst, src, at);
        const expected = new Uint8Array(300).fill(0xa5);
        expected.set(src, at);
        assertBytesEqual(dst, expected, `${copy.name}, ${n} bytes at ${at}`);
      }
      const dst = new Uint8Array(40).fill(1);
      copy(dst, new Uint8Array(32).fill(9));
      assertBytesEqual(dst, concatBytes(new Uint8Array(32).fill(9), new Uint8Array(8).fill(1)), `${copy.name}, default offset 0`);
    }
  });

  it("detectEngine reads each engine's Error properties", function () {
    assert.equal(detectEngine({line: 1, column: 2, sourceURL: "x.js"}), "jsc");
    assert.equal(detectEngine({lineNumber: 1, columnNumber: 2, fileName: "x.js"}), "spidermonkey");
    assert.equal(detectEngine({stack: "Error\n    at x.js:1:2"}), "v8");
  });

  it("useSingleStream switches it, rejects anything but simd and scalar, and has no choice in the scalar module", function () {
    const m = pseudoRandomBytes(1000, 8);
    reinitializeInstance(true);
    for (const kind of ["scalar", "simd", "scalar"]) {
      instance.useSingleStream(kind);
      assert.equal(instance.singleStream, kind);
      assertBytesEqual(digest(m), sha256Oracle(m), kind);
    }
    assert.throws(() => instance.useSingleStream("fast"), /^Error: useSingleStream: "simd" or "scalar", got fast$/);
    assert.equal(instance.singleStream, "scalar");
    reinitializeInstance(false);
    assert.throws(() => instance.useSingleStream("simd"), /only the SIMD module/);
    assertBytesEqual(digest(m), sha256Oracle(m), "scalar module after the refused switch");
  });

  it("useHash64Kernel switches the kernel of hash64, rejects any other name, and has no choice in the scalar module", function () {
    const messages = pseudoRandomBytes(64 * 9, 9);
    const expected = concatBytes(...Array.from({length: 9}, (_, i) => sha256Oracle(messages.subarray(64 * i, 64 * i + 64))));
    const hashAll = () => {
      io.ioBytes.set(messages);
      instance.wasm.hash64(io.ioPtr, io.ioPtr, 9);
      return io.ioBytes.slice(0, 32 * 9);
    };
    reinitializeInstance(true);
    for (const name of ["hash64_x4m", "hash64_x4", "hash64_x4m"]) {
      instance.useHash64Kernel(name);
      assert.equal(instance.hash64Kernel, name);
      assertBytesEqual(hashAll(), expected, name);
    }
    assert.throws(() => instance.useHash64Kernel("hash64_x8"), /^Error: useHash64Kernel: "hash64_x4" or "hash64_x4m", got hash64_x8$/);
    assert.equal(instance.hash64Kernel, "hash64_x4m");
    reinitializeInstance(false);
    assert.throws(() => instance.useHash64Kernel("hash64_x4"), /only the SIMD module/);
  });
});

describe("a runtime without WebAssembly SIMD (a child process whose WebAssembly.validate rejects the SIMD module)", function () {
  let observed;
  const messages = [0, 3, 64, 1000].map((n) => pseudoRandomBytes(n, n + 5));
  const expected = messages.map((m) => toHex(sha256Oracle(m)));

  before(function () {
    const script = fileURLToPath(new URL("./fixtures/without-simd.js", import.meta.url));
    const out = execFileSync(process.execPath, [script, JSON.stringify(messages.map(toHex))], {encoding: "utf8"});
    observed = JSON.parse(out);
  });

  it("loads the scalar module, and simdEnabled and simdSupported say so", function () {
    assert.equal(observed.simdSupported, false);
    assert.equal(observed.simdEnabledAtLoad, false);
  });

  it("hashes correctly", function () {
    assert.deepEqual(observed.digests, expected);
    assert.deepEqual(observed.streamed, expected);
  });

  it("reinitializeInstance(true) throws a clear Error and keeps the scalar module working", function () {
    assert.match(observed.forceSimd, /^Error: .*SIMD/);
    assert.equal(observed.simdEnabledAfterForce, false);
    assert.equal(observed.simdEnabledAfterDefault, false);
    assert.deepEqual(observed.digestsAfter, expected);
  });
});

describe("the memory of returned digests, chosen per runtime", function () {
  it("digests are views of a shared 8 KiB block on Node and Deno, arrays of their own on Bun", function () {
    // js/alloc.js chooses by engine and runtime; told here from the runtime's globals.
    const shared = typeof globalThis.Bun !== "object";
    const [x, y] = [new Uint8Array(64), new Uint8Array(64).fill(1)];
    const a = digest64(x);
    const b = digest64(y);
    assert.equal(a.buffer.byteLength, shared ? 8192 : 32);
    assert.equal(a.byteLength, 32);
    assertBytesEqual(b, sha256Oracle(y));
    assertBytesEqual(a, sha256Oracle(x), "a later digest leaves an earlier one alone");
  });
});
