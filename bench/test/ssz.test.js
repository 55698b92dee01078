// bench/ssz.js on a small BeaconState (2,000 validators, not the benchmark's 200,000): every run's root
// must be the one persistent-merkle-tree gives with as-sha256, and every hasher must reach ssz through
// setHasher(). Nothing here asserts a timing.
import assert from "node:assert/strict";
import * as pmt from "@chainsafe/persistent-merkle-tree";
import {hasher as asSha256Hasher} from "@chainsafe/persistent-merkle-tree/hasher/as-sha256";
import {toHexString} from "@chainsafe/ssz";
import {CASES, main} from "../ssz.js";
import {createState, modifiedState} from "../cases/ssz-state.js";
import {jsonWritten, quiet} from "./quick-run.js";

const validators = 2000;
const run = (expectedRoot, more = []) =>
  main(["--quick", "--validators", String(validators), "--expected-root", expectedRoot, ...more], {stdout: quiet, stderr: quiet});

describe("bench/ssz.js", function () {
  this.timeout(120000);
  let expectedRoot;

  before(() => {
    const previous = pmt.hasher;
    pmt.setHasher(asSha256Hasher);
    try {
      const original = createState(validators);
      original.commit();
      original.node.root;
      expectedRoot = toHexString(modifiedState(original, validators, validators / 2).hashTreeRoot());
    } finally {
      pmt.setHasher(previous);
    }
  });

  it("times every case with every hasher, each run's root the as-sha256 one", async function () {
    const {result: {doc, text}, doc: written} = await jsonWritten((out) => run(expectedRoot, ["--out", out]));
    assert.deepEqual(written, JSON.parse(JSON.stringify(doc)));
    assert.deepEqual([doc.workload.expectedRoot, doc.workload.validators, doc.options.rounds], [expectedRoot, validators, 1]);
    const ids = doc.hashers.map((h) => h.id);
    // hashtree is a native addon, left out (with a note) where it does not load.
    const hashtree = doc.notes.some((n) => n.startsWith("hashtree left out")) ? [] : ["hashtree"];
    assert.deepEqual(ids, ["ours", "pool", ...hashtree, "as-sha256"]);
    for (const h of doc.hashers) {
      for (const call of ["executeHashComputations", "digest64HashObjects"]) assert.ok(h.verifyCalls[call] > 0, `${h.id} reached no ${call}`);
    }
    assert.deepEqual(Object.keys(doc.times), Object.keys(CASES));
    for (const [c, byHasher] of Object.entries(doc.times)) {
      assert.deepEqual(Object.keys(byHasher), ids);
      for (const [id, xs] of Object.entries(byHasher)) assert.ok(xs.length === 1 && xs[0] > 0 && Number.isFinite(xs[0]), `${c} ${id}: ${xs}`);
    }
    // At least the modified validators' parents, all of them new nodes.
    assert.ok(doc.workload.hashStepNodes > validators / 2, String(doc.workload.hashStepNodes));
    for (const c of Object.values(CASES)) assert.ok(text.includes(c), c);
  });

  it("throws on a root that is not the expected one", async () => {
    await assert.rejects(run(`0x${"00".repeat(32)}`), /batchHashTreeRoot with ours: root 0x[0-9a-f]{64}, expected 0x0{64}/);
  });
});
