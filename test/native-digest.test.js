// digest() on node:crypto from a length on (js/node.js, the entry under the
// "node", "bun" and "deno" conditions): both paths give FIPS 180-4's digests
// (test/vectors/) and as-sha256's, each input goes to the path its length
// says, an input that node:crypto refuses goes to wasm alone, and a
// node:crypto that fails on ordinary input leaves every digest on wasm.
import assert from "node:assert/strict";
import {existsSync, readFileSync} from "node:fs";
import * as as from "@chainsafe/as-sha256";
import {digest, digestMany, digestParts} from "../js/index.js";
import {execFileSync} from "node:child_process";
import {NATIVE_FROM, NATIVE_MANY_FROM, nativeFrom} from "../js/core/engine.js";
import {native} from "../js/core/native.js";
import {shaKind, shaRatio, useNativeDigest} from "../js/core/node-crypto.js";
import {assertBytesEqual, pseudoRandomBytes} from "./support/helpers.js";

const crypto = process.getBuiltinModule?.("node:crypto");
const examples = JSON.parse(readFileSync(new URL("./vectors/nist-examples.json", import.meta.url), "utf8")).vectors.map((v) => ({
  name: v.name,
  message: new Uint8Array(Buffer.from((v.ascii ?? v.hex).repeat(v.repeat ?? 1), v.ascii === undefined ? "hex" : "latin1")),
  sha256: v.sha256,
}));

/**
 * node:crypto with its SHA-256 calls of inputs longer than 0 bytes counted
 * (the empty input is its check of itself), refusing those that
 * `refuses(data)` says, or every input; with `slowSha256`, shaRatio's hashes
 * of 4 KiB uncounted and its SHA-256 the slower.
 */
function counted(refuses = () => false, slowSha256 = false) {
  const c = {calls: 0};
  const check = (data) => {
    if (refuses(data)) throw new Error("refused");
  };
  c.createHash = () => {
    const h = crypto.createHash("sha256");
    const hash = {update: (d) => (check(d), h.update(d), hash), digest: (e) => (c.calls++, h.digest(e))};
    return hash;
  };
  c.hash = (alg, data, enc) => {
    check(data);
    // shaRatio's SHA-256 of 4 KiB slower than its SHA-512, as on a CPU without SHA instructions.
    if (slowSha256 && data.length === 4096) {
      if (alg === "sha256") spin(0.02);
      return "";
    }
    if (data.length !== 0) c.calls++;
    return crypto.hash(alg, data, enc);
  };
  return c;
}
const nodeOnX64 = process.arch === "x64" && !process.versions.bun && typeof globalThis.Deno !== "object";
/** Busy for `ms` milliseconds. */
function spin(ms) {
  const end = performance.now() + ms;
  while (performance.now() < end);
}
/** The minimum and manyMin js/node.js chooses in a fresh Node process with `env`. */
function chosen(env) {
  env = {...process.env, OPENSSL_ia32cap: undefined, ...env};
  const script = `import("./js/node.js").then(async ({digest}) => { digest(new Uint8Array(1000)); const {native} = await import("./js/core/native.js"); console.log(JSON.stringify([native.min, native.manyMin])); })`;
  return JSON.parse(execFileSync(process.execPath, ["-e", script], {cwd: new URL("..", import.meta.url), env, encoding: "utf8"}));
}
const use = (c, min, manyMin = min) => useNativeDigest(() => c, {min, manyMin});

// js/node.js is imported here, not at the top: its import turns the native
// path on for every importer, and the rest of the suite tests wasm.
describe("digest on node:crypto from a length on (js/node.js)", function () {
  let saved;
  before(async function () {
    if (!crypto?.hash) this.skip();
    await import("../js/node.js");
    saved = {...native};
  });
  afterEach(function () {
    Object.assign(native, saved);
  });
  after(function () {
    useNativeDigest(() => undefined);
  });

  it("is on where the entry found node:crypto, from the measured length", function () {
    assert.ok(saved.digest !== null && Number.isInteger(saved.min) && saved.min >= 0, `native: ${JSON.stringify(saved)}`);
    assert.ok(Number.isInteger(saved.manyMin) && saved.manyMin >= saved.min, `native: ${JSON.stringify(saved)}`);
  });

  it("sends digestMany's messages to node:crypto from no shorter a length than digest's, on every runtime, and a CPU without SHA instructions no shorter ones than one with", function () {
    for (const runtime of Object.keys(NATIVE_FROM)) {
      for (const kind of ["fast", "plain"]) assert.ok(NATIVE_MANY_FROM[runtime][kind] >= NATIVE_FROM[runtime][kind], `${runtime}, ${kind}`);
      for (const rows of [NATIVE_FROM, NATIVE_MANY_FROM]) assert.ok(rows[runtime].plain >= rows[runtime].fast, runtime);
    }
  });

  it("tells a node:crypto whose SHA-256 is slower than its SHA-512 from one whose is faster", function () {
    const fake = (sha256, sha512) => shaKind(shaRatio((a) => spin(a === "sha256" ? sha256 : sha512)));
    assert.equal(fake(0.01, 0.03), "fast");
    assert.equal(fake(0.03, 0.01), "plain");
  });

  it("chooses the lengths of a CPU without SHA instructions where OpenSSL is told it has none", function () {
    // OPENSSL_ia32cap hides x86 features from Node's OpenSSL: ":~0x20000000" the SHA extensions.
    const cpuinfo = existsSync("/proc/cpuinfo") ? readFileSync("/proc/cpuinfo", "utf8") : "";
    if (!nodeOnX64 || !/^flags\s*:.*\bsha_ni\b/m.test(cpuinfo)) this.skip();
    const [fast, plain] = [nativeFrom("fast"), nativeFrom("plain")];
    assert.deepEqual(chosen({}), [fast.min, fast.manyMin]);
    assert.deepEqual(chosen({OPENSSL_ia32cap: ":~0x20000000"}), [plain.min, plain.manyMin]);
  });

  it("keeps an input on wasm that the CPU's kind keeps there, measured at node:crypto's load", function () {
    // Measured where the two kinds' lengths differ: Node on x86.
    if (!nodeOnX64) this.skip();
    const c = counted(() => false, true);
    useNativeDigest(() => c);
    const [fast, plain] = [nativeFrom("fast"), nativeFrom("plain")];
    const between = pseudoRandomBytes(fast.min, 9);
    assertBytesEqual(digest(between), as.digest(between));
    assert.deepEqual([native.min, native.manyMin, c.calls], [plain.min, plain.manyMin, 0]);
    const long = pseudoRandomBytes(plain.min, 10);
    assertBytesEqual(digest(long), as.digest(long));
    assert.equal(c.calls, 1);
  });

  it("gives each digest bytes of its own on node:crypto's path, digestMany's too", function () {
    use(crypto, 0);
    const [a, b] = [pseudoRandomBytes(500, 11), pseudoRandomBytes(500, 12)];
    const first = digest(a);
    const copy = Uint8Array.from(first);
    digest(b).fill(0);
    assertBytesEqual(first, copy, "the first digest after the second, zeroed");
    const many = digestMany([a, b, a]);
    many[0].fill(0);
    [b, a].forEach((m, i) => assertBytesEqual(many[i + 1], as.digest(m), `message ${i + 1} after message 0, zeroed`));
    assertBytesEqual(first, copy, "the first digest after digestMany");
  });

  it("gives FIPS 180-4's digests on either path", function () {
    for (const min of [0, Infinity]) {
      use(crypto, min);
      for (const v of examples) assert.equal(Buffer.from(digest(v.message)).toString("hex"), v.sha256, `${v.name}, from ${min} bytes`);
    }
  });

  it("sends each input to the path its length says, and equals as-sha256 on both", function () {
    const c = counted();
    use(c, 100);
    for (const n of [0, 64, 99, 100, 1000, 100000]) {
      const data = pseudoRandomBytes(n, n + 1);
      const before = c.calls;
      const out = digest(data);
      assert.equal(c.calls - before, n >= 100 ? 1 : 0, `${n} bytes`);
      assert.ok(out instanceof Uint8Array && out.length === 32);
      assertBytesEqual(out, as.digest(data), `${n} bytes`);
    }
  });

  it("sends digestMany's messages from its own length on, each by its own length, and equals as-sha256", function () {
    const c = counted();
    use(c, 100, 1000);
    const messages = [10, 99, 100, 999, 1000, 5000, 0, 301, 64].map((n) => pseudoRandomBytes(n, n + 3));
    const out = digestMany(messages);
    assert.equal(c.calls, 2);
    messages.forEach((m, i) => assertBytesEqual(out[i], as.digest(m), `message ${i} (${m.length} bytes)`));
  });

  it("sends digestParts of parts from the length on, and equals as-sha256", function () {
    const c = counted();
    use(c, 100);
    const parts = [pseudoRandomBytes(60, 1), pseudoRandomBytes(39, 2)];
    assertBytesEqual(digestParts(parts), as.digest(Buffer.concat(parts)), "99 bytes");
    assert.equal(c.calls, 0);
    parts.push(pseudoRandomBytes(1, 3));
    assertBytesEqual(digestParts(parts), as.digest(Buffer.concat(parts)), "100 bytes");
    assert.equal(c.calls, 1);
    // Together longer than the I/O buffer: node:crypto's streaming hash.
    const long = [pseudoRandomBytes(700000, 4), pseudoRandomBytes(700000, 5)];
    assertBytesEqual(digestParts(long), as.digest(Buffer.concat(long)), "1.4 MB");
    assert.equal(c.calls, 2);
  });

  it("hashes an input that node:crypto refuses on wasm, and keeps node:crypto for the next", function () {
    const c = counted((data) => data?.length === 777);
    use(c, 10);
    const refused = pseudoRandomBytes(777, 8);
    const data = pseudoRandomBytes(500, 7);
    assertBytesEqual(digest(refused), as.digest(refused));
    assertBytesEqual(digestParts([refused.subarray(0, 7), refused.subarray(7)]), as.digest(refused));
    assertBytesEqual(digestMany([refused, data])[0], as.digest(refused));
    const calls = c.calls;
    assertBytesEqual(digest(data), as.digest(data));
    assert.equal(c.calls, calls + 1, "the next input went to node:crypto");
    assert.equal(native.min, 10);
  });

  it("falls back to wasm without a word where node:crypto fails on ordinary input, and stays there", function () {
    let broken = false;
    const c = counted(() => broken);
    use(c, 10);
    const data = pseudoRandomBytes(500, 7);
    assertBytesEqual(digest(data), as.digest(data));
    assert.equal(c.calls, 1);
    broken = true;
    assertBytesEqual(digest(data), as.digest(data));
    assert.equal(native.min, Infinity);
    broken = false;
    assertBytesEqual(digest(data), as.digest(data));
    assert.equal(c.calls, 1, "no input went to node:crypto after it failed");
    for (const missing of [() => undefined, () => ({}), () => counted(() => true)]) {
      useNativeDigest(missing, {min: 10, manyMin: 10});
      assertBytesEqual(digest(data), as.digest(data));
      assert.equal(native.min, Infinity);
    }
  });
});
