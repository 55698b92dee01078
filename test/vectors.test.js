// Known-answer tests from data files: NIST's published examples
// (test/vectors/nist-examples.json) and the NIST SHAVS byte-oriented messages
// shipped by the hash-test-vectors package.
import assert from "node:assert/strict";
import {readFileSync, readdirSync} from "node:fs";
import {createRequire} from "node:module";
import {dirname, join} from "node:path";
import {SHA256, digest, digest64, hashInto} from "sha256-simd";
import {forEachModule, sha256Oracle, toHex} from "./support/helpers.js";

const examples = JSON.parse(readFileSync(new URL("./vectors/nist-examples.json", import.meta.url), "utf8")).vectors.map(
  (v) => ({
    name: v.name,
    message: new Uint8Array(Buffer.from((v.ascii ?? v.hex).repeat(v.repeat ?? 1), v.ascii === undefined ? "hex" : "latin1")),
    sha256: v.sha256,
  }),
);

// hash-test-vectors ships the messages of NIST's byte-oriented SHAVS test as
// raw bytes, already expanded from the "compact strings" that its
// Readme.txt describes, one file per message, and the expected digests one
// per line in file order.
const shavsDir = join(dirname(createRequire(import.meta.url).resolve("hash-test-vectors/package.json")), "vectors");
const shavs = (() => {
  const files = readdirSync(shavsDir)
    .filter((f) => /^byte\d{4}\.dat$/.test(f))
    .sort();
  const digests = readFileSync(join(shavsDir, "byte-hashes.sha256"), "utf8").trim().split(/\s+/);
  assert.equal(files.length, digests.length, "one expected digest per message file");
  return files.map((file, i) => ({name: file, message: new Uint8Array(readFileSync(join(shavsDir, file))), sha256: digests[i]}));
})();

/** Feeds `message` to a SHA256 object in chunks of `chunk` bytes. */
function streamed(message, chunk) {
  const h = new SHA256();
  for (let off = 0; off < message.length; off += chunk) h.update(message.subarray(off, off + chunk));
  return h.final();
}

function checkAll(vectors) {
  it("digest", function () {
    for (const v of vectors) assert.equal(toHex(digest(v.message)), v.sha256, v.name);
  });

  it("SHA256, one update", function () {
    for (const v of vectors) assert.equal(toHex(new SHA256().update(v.message).final()), v.sha256, v.name);
  });

  it("SHA256, updates of a size that is not a multiple of 64 bytes", function () {
    // Byte by byte below 8 KiB; above, chunks of 7k + 1 bytes (855 for one
    // million bytes, about a thousand updates).
    for (const v of vectors) assert.equal(toHex(streamed(v.message, 1 + 7 * (v.message.length >> 13))), v.sha256, v.name);
  });

  it("digest64 and hashInto, on the 64-byte messages", function () {
    const of64 = vectors.filter((v) => v.message.length === 64);
    assert.ok(of64.length > 0, "no 64-byte message in this set");
    for (const v of of64) {
      assert.equal(toHex(digest64(v.message)), v.sha256, v.name);
      const out = new Uint8Array(32);
      hashInto(v.message, out);
      assert.equal(toHex(out), v.sha256, v.name);
    }
  });
}

describe("vectors: the data files themselves", function () {
  it("NIST examples agree with node:crypto (so a typo in the JSON cannot pass)", function () {
    for (const v of examples) assert.equal(toHex(sha256Oracle(v.message)), v.sha256, v.name);
  });

  it("the SHAVS byte-oriented set has its 196 messages: every length 0..129, then up to 8577 bytes", function () {
    assert.equal(shavs.length, 196);
    const lengths = new Set(shavs.map((v) => v.message.length));
    for (let n = 0; n <= 129; n++) assert.ok(lengths.has(n), `no message of ${n} bytes`);
    assert.equal(Math.max(...lengths), 8577);
    for (const v of shavs) assert.match(v.sha256, /^[0-9a-f]{64}$/, v.name);
  });
});

forEachModule("vectors: NIST examples of FIPS 180-4", function () {
  checkAll(examples);
});

forEachModule("vectors: NIST SHAVS byte-oriented messages", function () {
  checkAll(shavs);
});
