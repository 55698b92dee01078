// bench/beyond-cases.js in Node with node:crypto as the oracle: the cases and
// contenders bench/beyond.js has always run (bench/readme.js and the README's
// rows name them), every contender correct, the page's WebCrypto contender
// (through Node's crypto.subtle) correct too, a wrong contender caught before
// anything is timed, and bench/beyond.js --quick writing the document
// bench/readme.js renders. Nothing here asserts a timing.
import assert from "node:assert/strict";
import * as crypto from "node:crypto";
import {mkdtempSync, readFileSync, rmSync} from "node:fs";
import {tmpdir} from "node:os";
import {join} from "node:path";
import {hkdf} from "@noble/hashes/hkdf.js";
import {hmac} from "@noble/hashes/hmac.js";
import {pbkdf2} from "@noble/hashes/pbkdf2.js";
import {sha256} from "@noble/hashes/sha2.js";
import * as ours from "sha256-simd";
import {checkBeyondCase, makeBeyondCases, runBeyond} from "../beyond-cases.js";
import {nodeCrypto, webCrypto} from "../beyond-native.js";
import {main} from "../beyond.js";
import {interleaveAsync} from "../interleave.js";
import {generate} from "../readme.js";

const noble = {sha256, hmac, hkdf, pbkdf2};
const node = nodeCrypto(crypto);

/** Case name -> contenders, written out here rather than read back from beyond-cases.js. */
const expected = {
  "hmac 64 B, kept key": ["ours", "ours one-shot", "noble", "node-crypto"],
  "hmac 256 B, kept key": ["ours", "ours one-shot", "noble", "node-crypto"],
  "hkdf 96 B from a 32 B key": ["ours", "noble", "node-crypto"],
  "pbkdf2 100000 iterations": ["ours", "noble", "node-crypto"],
  "digestMany 64 x 1 KiB (per message)": ["ours", "ours digest loop", "noble", "node-crypto"],
  "digestMany 256 x 100-600 B (per message)": ["ours", "ours digest loop", "noble", "node-crypto"],
  "digestParts 4 parts, 1 KiB": ["ours", "ours digest of the concatenation", "noble", "node-crypto"],
};

/** Every contender of every case, each mark keyed "case / contender". */
async function allMarks(cases) {
  const out = {};
  for (const c of cases) for (const [name, m] of Object.entries(await checkBeyondCase(c))) out[`${c.name} / ${name}`] = m;
  return out;
}

const wrongOnes = (marks) => Object.entries(marks).filter(([, m]) => !m.correct).map(([k, m]) => `${k}: ${m.error}`);

describe("beyond-as-sha256 cases (bench/beyond-cases.js)", function () {
  it("has the cases and contenders of bench/beyond.js, with unique ids", async function () {
    const cases = await makeBeyondCases({ours, noble, native: node});
    assert.deepEqual(Object.fromEntries(cases.map((c) => [c.name, Object.keys(c.contenders)])), expected);
    assert.equal(new Set(cases.map((c) => c.id)).size, cases.length);
    assert.ok(cases.every((c) => c.id.startsWith("beyond-") && c.description && c.oracle === "node:crypto"));
  });

  it("puts the PBKDF2 iteration count in its case's name and id", async function () {
    const cases = await makeBeyondCases({ours, noble, native: node}, {pbkdf2Iterations: 1000});
    const p = cases.find((c) => c.name.startsWith("pbkdf2"));
    assert.equal(p.name, "pbkdf2 1000 iterations");
    assert.equal(p.id, "beyond-pbkdf2-1000");
    assert.equal(p.slow, true);
  });

  it("finds every contender's result equal to node:crypto's", async function () {
    const cases = await makeBeyondCases({ours, noble, native: node}, {pbkdf2Iterations: 1000});
    const marks = await allMarks(cases);
    assert.equal(Object.keys(marks).length, Object.values(expected).flat().length);
    assert.deepEqual(wrongOnes(marks), []);
  });

  it("finds the page's WebCrypto contender, asynchronous, equal to node:crypto's", async function () {
    const cases = await makeBeyondCases({ours, noble, native: webCrypto(crypto.webcrypto.subtle), oracle: node}, {pbkdf2Iterations: 1000});
    for (const c of cases) {
      assert.equal(Object.keys(c.contenders).at(-1), "webcrypto", c.name);
      assert.deepEqual([...c.async], ["webcrypto"]);
    }
    assert.deepEqual(wrongOnes(await allMarks(cases)), []);
  });

  it("marks a contender that differs from the oracle or throws, and runBeyond refuses to time them", async function () {
    const hkdf = () => {
      throw new Error("no hkdf");
    };
    const broken = {...ours, hmac: () => new Uint8Array(32), hkdf};
    const cases = await makeBeyondCases({ours: broken, noble, native: node}, {pbkdf2Iterations: 1000});
    const marks = await allMarks(cases);
    assert.deepEqual(wrongOnes(marks), [
      "hmac 64 B, kept key / ours one-shot: differs from node:crypto",
      "hmac 256 B, kept key / ours one-shot: differs from node:crypto",
      "hkdf 96 B from a 32 B key / ours: threw no hkdf",
    ]);
    await assert.rejects(
      runBeyond({ours: broken, noble, native: node}, {now: () => performance.now(), rounds: 1, ms: 1, pbkdf2Iterations: 1000}),
      /^Error: hmac 64 B, kept key: ours one-shot differs from node:crypto$/,
    );
  });

  it("times async contenders as loops of awaited calls, in alternating order (interleaveAsync)", async function () {
    let t = 0;
    const calls = [];
    const contenders = {
      sync: () => {
        calls.push("s");
        t += 1;
      },
      async: async () => {
        calls.push("a");
        t += 2;
        await null;
      },
    };
    const r = await interleaveAsync(contenders, {now: () => t, rounds: 2, ms: 4, per: 2, async: new Set(["async"])});
    assert.deepEqual(r, {sync: {bestNs: 5e5, medianNs: 5e5}, async: {bestNs: 1e6, medianNs: 1e6}});
    assert.equal(calls.join(""), "ssssaaaassss");
  });
});

describe("bench/beyond.js --quick", function () {
  this.timeout(60000);
  let dir, doc, text;

  before(async function () {
    dir = mkdtempSync(join(tmpdir(), "sha256-simd-beyond-"));
    text = "";
    const returned = await main(["--quick", "--out", join(dir, "beyond.json")], {stdout: {write: (s) => (text += s)}});
    doc = JSON.parse(readFileSync(join(dir, "beyond.json"), "utf8"));
    assert.deepEqual(doc, returned);
  });

  after(function () {
    rmSync(dir, {recursive: true, force: true});
  });

  it("writes {engine, date, rows} with every case's contenders, timed, and ours as the 1x", function () {
    assert.deepEqual(Object.keys(doc), ["engine", "date", "rows"]);
    assert.match(doc.engine, new RegExp(`^node ${process.version} \\(${ours.backend}\\)$`));
    assert.match(doc.date, /^\d{4}-\d{2}-\d{2}$/);
    assert.deepEqual(Object.fromEntries(doc.rows.map((r) => [r.case, r.contenders.map((c) => c.name)])), expected);
    for (const r of doc.rows) {
      assert.deepEqual(Object.keys(r), ["case", "contenders"]);
      for (const c of r.contenders) {
        assert.deepEqual(Object.keys(c), ["name", "bestNs", "medianNs", "ratioBest", "ratioMedian"]);
        for (const k of ["bestNs", "medianNs", "ratioBest", "ratioMedian"]) {
          assert.ok(Number.isFinite(c[k]) && c[k] > 0, `${r.case} / ${c.name}: ${k} is ${c[k]}`);
        }
      }
      assert.equal(r.contenders[0].ratioBest, 1);
      assert.equal(r.contenders[0].ratioMedian, 1);
    }
  });

  it("prints each case and contender", function () {
    assert.match(text, /^node v[\d.]+ \((simd|scalar)\): beyond as-sha256, ns per op \(best \/ median of 2 interleaved rounds\)/);
    for (const name of Object.keys(expected)) assert.ok(text.includes(`\n  ${name}\n`), name);
  });

  it("writes a document bench/readme.js renders", function () {
    const readme = "<!-- bench:start headline -->\n<!-- bench:end -->\n<!-- bench:start engines -->\n<!-- bench:end -->\n" +
      "<!-- bench:start pool -->\n<!-- bench:end -->\n<!-- bench:start portable -->\n<!-- bench:end -->\n" +
      "<!-- bench:start beyond -->\n<!-- bench:end -->\n<!-- bench:start ssz -->\n<!-- bench:end -->\n";
    const out = generate(readme, [{name: "beyond_test.json", doc}], "0".repeat(64));
    assert.match(out, /\| case \| @noble\/hashes \| node:crypto \| sha256-simd's hmac\(\) \(key set up per call\) \|/);
    for (const name of Object.keys(expected)) assert.match(out, new RegExp(`\\| ${name.replace(/[()]/g, "\\$&")} \\| \\d+\\.\\d\\d× \\|`));
  });
});
