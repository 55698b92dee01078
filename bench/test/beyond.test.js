// bench/cases/cases-beyond.js with node:crypto, and with Node's WebCrypto as the
// page has it, as the oracle: the cases and contenders (bench/readme.js and
// the README's rows name them), every contender correct, a wrong one caught
// before anything is timed, and bench/node.js --beyond writing the rows
// bench/readme.js renders. Nothing here asserts a timing.
import assert from "node:assert/strict";
import * as crypto from "node:crypto";
import {hkdf} from "@noble/hashes/hkdf.js";
import {hmac} from "@noble/hashes/hmac.js";
import {pbkdf2} from "@noble/hashes/pbkdf2.js";
import {sha256} from "@noble/hashes/sha2.js";
import * as ours from "sha256-simd";
import {nodeCrypto, webCrypto} from "../cases/beyond-native.js";
import {makeBeyondCases} from "../cases/cases-beyond.js";
import {generate} from "../report/readme.js";
import {checkCase} from "../timing/runner.js";
import {quickRun} from "./quick-run.js";

const noble = {sha256, hmac, hkdf, pbkdf2};
const variants = ours.simdEnabled ? ["ours-simd", "ours-js"] : ["ours-js"];

/** Case id -> contenders, written out here rather than read back from cases-beyond.js (web.test.js's page runs them too). */
export function expectedBeyond(variants, native, iterations) {
  const hmacImpls = [...variants, "ours-one-shot", "noble", native];
  const manyImpls = [...variants, "ours-digest-loop", "noble", native];
  return {
    "beyond-hmac-64": hmacImpls,
    "beyond-hmac-256": hmacImpls,
    "beyond-hkdf-96": [...variants, "noble", native],
    [`beyond-pbkdf2-${iterations}`]: [...variants, "noble", native],
    "beyond-digestMany-64x1KiB": manyImpls,
    "beyond-digestMany-256x100-600B": manyImpls,
    "beyond-digestParts-4": [...variants, "ours-digest-joined", "noble", native],
  };
}
const expected = (native, iterations) => expectedBeyond(variants, native, iterations);

/** Every contender's mark, keyed "case / contender", where it is not correct. */
async function wrongOnes(cases) {
  const out = [];
  for (const c of cases) for (const [impl, m] of await checkCase(c)) if (!m.correct) out.push(`${c.id} / ${impl}: ${m.error}`);
  return out;
}

describe("beyond-as-sha256 cases (bench/cases/cases-beyond.js)", function () {
  for (const [native, make] of [["node-crypto", () => nodeCrypto(crypto)], ["webcrypto", () => webCrypto(crypto.webcrypto.subtle)]]) {
    it(`has the cases and contenders, PBKDF2's count in its id and title, and every contender equal to ${native}'s result`, async function () {
      const cases = await makeBeyondCases({ours, noble, native: make()}, {pbkdf2Iterations: 1000});
      assert.deepEqual(Object.fromEntries(cases.map((c) => [c.id, c.contenders.map((k) => k.impl)])), expected(native, 1000));
      assert.equal(cases.find((c) => c.id === "beyond-pbkdf2-1000").title, "pbkdf2 1000 iterations");
      assert.equal(cases.find((c) => c.id === "beyond-hkdf-96").expected.length, 96);
      // WebCrypto is awaited, as the page does.
      for (const c of cases) assert.deepEqual(c.contenders.filter((k) => k.async).map((k) => k.impl), native === "webcrypto" ? ["webcrypto"] : [], c.id);
      assert.deepEqual(await wrongOnes(cases), []);
    });
  }

  it("marks a contender that differs from the platform's result, or throws", async function () {
    // Over the module itself, so its backend stays the live one oursVariants checks.
    const broken = Object.assign(Object.create(ours), {
      hmac: () => new Uint8Array(32),
      hkdf: () => {
        throw new Error("no hkdf");
      },
    });
    const cases = await makeBeyondCases({ours: broken, noble, native: nodeCrypto(crypto)}, {pbkdf2Iterations: 1000});
    assert.deepEqual(await wrongOnes(cases), [
      "beyond-hmac-64 / ours-one-shot: output differs from the oracle",
      "beyond-hmac-256 / ours-one-shot: output differs from the oracle",
      ...variants.map((impl) => `beyond-hkdf-96 / ${impl}: no hkdf`),
    ]);
  });
});

describe("bench/node.js --beyond --quick", function () {
  this.timeout(120000);
  let doc, text;

  before(async function () {
    ({doc, text} = await quickRun(["--beyond", "--filter", "^beyond-"]));
  });

  it("times every contender of every case, each checked against node:crypto, with its time over ours", function () {
    const ran = {};
    for (const r of doc.results) (ran[r.case] ??= []).push(r.impl);
    assert.deepEqual(ran, expected("node-crypto", 100000));
    for (const r of doc.results) {
      assert.equal(r.correct, true, `${r.case} / ${r.impl}: ${r.error}`);
      assert.ok(r.ratioVsOurs > 0 && r.nsPerOp > 0, `${r.case} / ${r.impl}`);
      assert.equal(r.ratioVsAsSha256, null);
    }
    assert.equal(doc.options.beyond, true);
    for (const c of Object.keys(ran)) assert.ok(text.includes(doc.results.find((r) => r.case === c).title), c);
  });

  it("writes a run bench/readme.js renders as a table of each contender's time over ours", function () {
    const readme = ["headline", "engines", "pool", "portable", "beyond", "startup", "sizes", "consumers", "ssz"].map((n) => `<!-- bench:start ${n} -->\n<!-- bench:end -->\n`).join("");
    const full = {...doc, env: {...doc.env, runtimeVersion: "24.0.0"}, options: {...doc.options, quick: false}};
    const out = generate(readme, [{name: "node-24.0.0_test.json", doc: full}], doc.build.wasm);
    assert.match(out, /\| case \| @noble\/hashes \| node:crypto \| sha256-simd's hmac\(\) \(key set up per call\) \|/);
    for (const c of new Set(doc.results.map((r) => r.title))) assert.match(out, new RegExp(`\\| ${c.replace(/[()]/g, "\\$&")} \\| \\d+\\.\\d\\d× \\|`));
  });
});
