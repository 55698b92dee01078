// The streaming SHA256 class, differential against node:crypto.
import assert from "node:assert/strict";
import {SHA256, digest} from "sha256-simd";
import {assertBytesEqual, forEachModule, pseudoRandomBytes, pseudoRandomInts, sha256Oracle} from "./support/helpers.js";

const MiB = 1 << 20;
const big = pseudoRandomBytes(3 * MiB + 100, 21);

/** Splits [0, length) at `count` random points (repeats allowed: empty updates). */
function randomChunks(length, count, next) {
  const cuts = Array.from({length: count}, () => next(length + 1)).sort((a, b) => a - b);
  return [0, ...cuts, length].slice(1).map((end, i, ends) => [i === 0 ? 0 : ends[i - 1], end]);
}

forEachModule("SHA256 against node:crypto", function () {
  it("random split points, every length 0..300", function () {
    const next = pseudoRandomInts(5);
    for (let n = 0; n <= 300; n++) {
      const msg = big.subarray(n, 2 * n);
      const h = new SHA256();
      for (const [a, b] of randomChunks(n, next(8), next)) h.update(msg.subarray(a, b));
      assertBytesEqual(h.final(), sha256Oracle(msg), `length ${n}`);
    }
  });

  it("chunks that are not multiples of 64 bytes (100 bytes by 10, 1000 by 33, 4096 by 65, 130 by 1)", function () {
    for (const [n, chunk] of [[100, 10], [1000, 33], [4096, 65], [130, 1]]) {
      const msg = big.subarray(7, 7 + n);
      const h = new SHA256();
      for (let off = 0; off < n; off += chunk) h.update(msg.subarray(off, off + chunk));
      assertBytesEqual(h.final(), sha256Oracle(msg), `${n} bytes in chunks of ${chunk}`);
    }
  });

  it("3 MiB + 100 bytes in chunks larger than the 1 MiB I/O buffer, and at random split points", function () {
    const sizes = [5, MiB + 300, 63, MiB, 1, MiB - 269];
    assert.equal(sizes.reduce((a, b) => a + b), big.length);
    const h = new SHA256();
    let off = 0;
    for (const n of sizes) h.update(big.subarray(off, (off += n)));
    assertBytesEqual(h.final(), sha256Oracle(big), `chunks of ${sizes}`);
    const next = pseudoRandomInts(77);
    for (let round = 0; round < 3; round++) {
      const r = new SHA256();
      for (const [a, b] of randomChunks(big.length, 2, next)) r.update(big.subarray(a, b));
      assertBytesEqual(r.final(), sha256Oracle(big), `random round ${round}`);
    }
  });

  it("many interleaved objects, with digest() of small and large inputs between their updates", function () {
    const next = pseudoRandomInts(99);
    const streams = Array.from({length: 40}, (_, i) => ({h: new SHA256(), msg: big.subarray(i * 1000, i * 1000 + 500 + 37 * i), pos: 0}));
    let open = streams.length;
    while (open > 0) {
      const s = streams[next(streams.length)];
      if (s.pos === s.msg.length) continue;
      const end = Math.min(s.msg.length, s.pos + next(150));
      s.h.update(s.msg.subarray(s.pos, end));
      s.pos = end;
      if (s.pos === s.msg.length) open--;
      // digest() of more than the I/O buffer uses the module's own context.
      if (next(50) === 0) assertBytesEqual(digest(big.subarray(0, MiB + 9)), sha256Oracle(big.subarray(0, MiB + 9)));
      if (next(5) === 0) digest(big.subarray(0, 77));
    }
    streams.forEach((s, i) => assertBytesEqual(s.h.final(), sha256Oracle(s.msg), `object ${i}`));
  });

  it("init() after final() starts over, and init() mid-stream discards what was fed", function () {
    const h = new SHA256();
    assertBytesEqual(h.update(big.subarray(0, 200)).final(), sha256Oracle(big.subarray(0, 200)));
    assertBytesEqual(h.init().update(big.subarray(1, 70)).final(), sha256Oracle(big.subarray(1, 70)));
    h.init().update(big.subarray(0, 1000));
    assertBytesEqual(h.init().final(), sha256Oracle(new Uint8Array(0)));
    for (let i = 0; i < 5; i++) assertBytesEqual(h.init().update(big.subarray(i, 3 * i)).final(), sha256Oracle(big.subarray(i, 3 * i)));
  });

  it("a fresh object hashes the empty input; update and init return the object for chaining", function () {
    const h = new SHA256();
    assert.equal(h.init(), h);
    assert.equal(h.update(new Uint8Array(3)), h);
    assertBytesEqual(new SHA256().final(), sha256Oracle(new Uint8Array(0)));
  });

  it("final() returns an array that later use of the object does not change", function () {
    const h = new SHA256();
    const first = h.update(big.subarray(0, 10)).final();
    const second = h.init().update(big.subarray(0, 20)).final();
    assert.notEqual(first, second);
    assertBytesEqual(first, sha256Oracle(big.subarray(0, 10)));
    assertBytesEqual(second, sha256Oracle(big.subarray(0, 20)));
  });

  it("leaves its input unchanged", function () {
    const msg = big.slice(0, MiB + 5);
    new SHA256().update(msg.subarray(0, 3)).update(msg).final();
    assert.ok(Buffer.from(msg).equals(big.subarray(0, MiB + 5)));
  });
});
