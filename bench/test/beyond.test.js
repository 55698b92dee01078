// bench/cases/cases-beyond.js against node:crypto and Node's WebCrypto (the page's oracle), and
// bench/node.js --beyond's rows as bench/readme.js renders them. Nothing here asserts a timing.
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
import {assertQuickRun, quickRun} from "./quick-run.js";

const noble = {sha256, hmac, hkdf, pbkdf2};
const variants = ours.simdEnabled ? ["ours-simd", "ours-js"] : ["ours-js"];

/** Case id -> contenders, written out here rather than read back from cases-beyond.js (web.test.js's page runs them too). */
export function expectedBeyond(variants, native, iterations) {
  const impls = (...others) => [...variants, ...others, "noble", native];
  return {
    "beyond-hmac-64": impls("ours-one-shot"),
    "beyond-hmac-256": impls("ours-one-shot"),
    "beyond-hkdf-96": impls(),
    [`beyond-pbkdf2-${iterations}`]: impls(),
    "beyond-digestMany-64x1KiB": impls("ours-digest-loop"),
    "beyond-digestMany-256x100-600B": impls("ours-digest-loop"),
    "beyond-digestParts-4": impls("ours-digest-joined"),
  };
}
const expected = (native, iterations) => Object.entries(expectedBeyond(variants, native, iterations));

/** "case / contender: error" for each contender of `cases` that is not correct. */
async function wrongOnes(cases) {
  const out = [];
  for (const c of cases) for (const [impl, m] of await checkCase(c)) if (!m.correct) out.push(`${c.id} / ${impl}: ${m.error}`);
  return out;
}

describe("beyond-as-sha256 cases (bench/cases/cases-beyond.js)", function () {
  for (const [native, make] of [["node-crypto", () => nodeCrypto(crypto)], ["webcrypto", () => webCrypto(crypto.webcrypto.subtle)]]) {
    it(`has the cases and contenders, PBKDF2's count in its id and title, and every contender equal to ${native}'s result`, async function () {
      const cases = await makeBeyondCases({ours, noble, native: make()}, {pbkdf2Iterations: 1000});
      assert.deepEqual(cases.map((c) => [c.id, c.contenders.map((k) => k.impl)]), expected(native, 1000));
      assert.equal(cases.find((c) => c.id === "beyond-pbkdf2-1000").title, "pbkdf2 1000 iterations");
      assert.equal(cases.find((c) => c.id === "beyond-hkdf-96").expected.length, 96);
      // WebCrypto is awaited, as the page does.
      const awaited = native === "webcrypto" ? ["webcrypto"] : [];
      for (const c of cases) assert.deepEqual(c.contenders.filter((k) => k.async).map((k) => k.impl), awaited, c.id);
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
  let run;

  before(async function () {
    run = await quickRun(["--beyond", "--filter", "^beyond-"]);
  });

  it("times every contender of every case, each checked against node:crypto, with its time over ours", function () {
    // No as-sha256 here, so no ratio over it (null).
    assertQuickRun(run, {cases: expected("node-crypto", 100000), options: {beyond: true}});
  });

  it("writes a run bench/readme.js renders as a table of each contender's time over ours", function () {
    const sections = ["headline", "engines", "pool", "portable", "beyond", "startup", "sizes", "consumers", "ssz"];
    const readme = sections.map((n) => `<!-- bench:start ${n} -->\n<!-- bench:end -->\n`).join("");
    const {doc} = run;
    const full = {...doc, env: {...doc.env, runtimeVersion: "24.0.0"}, options: {...doc.options, quick: false}};
    const out = generate(readme, [{name: "node-24.0.0_test.json", doc: full}], doc.build.wasm);
    assert.match(out, /\| case \| @noble\/hashes \| node:crypto \| sha256-simd's hmac\(\) \(key set up per call\) \|/);
    for (const c of new Set(doc.results.map((r) => r.title))) assert.match(out, new RegExp(`\\| ${c.replace(/[()]/g, "\\$&")} \\| \\d+\\.\\d\\d× \\|`));
  });
});
