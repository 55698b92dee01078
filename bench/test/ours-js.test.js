// ours-js, sha256-simd on its portable build, in Node: the same module graph
// as ours-simd, moved onto the js backend by reinitializeInstance(false) for
// its row and back after it; it joins every case of bench/cases/cases.js after
// ours-simd, and a contender on another backend than its id names is marked
// wrong, saying so (oursVariants).
import assert from "node:assert/strict";
import {createHash} from "node:crypto";
import * as asSha256 from "@chainsafe/as-sha256";
import * as ours from "sha256-simd";
import {makeCases} from "../cases/cases.js";
import {checkCase} from "../timing/runner.js";

const oracle = (m) => createHash("sha256").update(m).digest();

describe("ours-js, the package on its portable build", function () {
  const main = ours.backend;

  it("runs on the js backend between its hooks, and puts the default backend back after them", async function () {
    assert.equal(main, ours.simdEnabled ? "simd" : "js");
    const [c] = (await makeCases({ours, asSha256})).filter((x) => x.id === "digest64");
    const k = c.contenders.find((x) => x.impl === "ours-js");
    k.before();
    try {
      assert.equal(ours.backend, "js");
      assert.deepEqual(await k.output(), new Uint8Array(oracle(c.messages[0])));
    } finally {
      k.after();
    }
    assert.equal(ours.backend, main);
  });

  it("follows ours-simd on every case of bench/cases/cases.js, correct against node:crypto", async function () {
    for (const c of await makeCases({ours, asSha256})) {
      const impls = c.contenders.map((k) => k.impl);
      assert.deepEqual(impls.slice(0, impls.indexOf("as-sha256")), [...(ours.simdEnabled ? ["ours-simd"] : []), "ours-js"], c.id);
      for (const [impl, mark] of await checkCase(c, oracle)) assert.deepEqual(mark, {correct: true}, `${c.id} / ${impl}`);
    }
    assert.equal(ours.backend, main);
  });

  it("marks a contender wrong, saying so, where the package's backend is not the one its id names", async function () {
    // Packages whose switch does nothing: each stays on the backend it claims.
    const stuck = (backend) => ({...ours, backend, simdEnabled: true, reinitializeInstance() {}});
    const marksOf = async (lib) => checkCase((await makeCases({ours: lib, asSha256})).find((x) => x.id === "digest64"), oracle);
    assert.deepEqual((await marksOf(stuck("simd"))).get("ours-js"), {correct: false, error: "ours-js runs on the simd backend, not js"});
    assert.deepEqual((await marksOf(stuck("js"))).get("ours-simd"), {correct: false, error: "ours-simd runs on the js backend, not simd"});
    assert.equal(ours.backend, main);
  });
});
