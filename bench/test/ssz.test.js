// bench/ssz.js on a small BeaconState (2,000 validators, not the benchmark's
// 200,000): every timed run's root must equal the one computed here with
// persistent-merkle-tree's as-sha256 hasher, every hasher must reach ssz
// through setHasher(), and --out must write the document the table comes
// from. Nothing here asserts a timing.
import assert from "node:assert/strict";
import {mkdtempSync, readFileSync, rmSync} from "node:fs";
import {tmpdir} from "node:os";
import {join} from "node:path";
import * as pmt from "@chainsafe/persistent-merkle-tree";
import {hasher as asSha256Hasher} from "@chainsafe/persistent-merkle-tree/hasher/as-sha256";
import {toHexString} from "@chainsafe/ssz";
import {CASES, main} from "../ssz.js";
import {createState, modifiedState} from "../cases/ssz-state.js";

const validators = 2000;
const quiet = {write: () => true};

describe("bench/ssz.js", function () {
  this.timeout(120000);
  let dir;
  let expectedRoot;

  before(() => {
    dir = mkdtempSync(join(tmpdir(), "ssz-bench-"));
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

  after(() => rmSync(dir, {recursive: true, force: true}));

  it("times every case with every hasher, each run's root the as-sha256 one", async () => {
    const out = join(dir, "ssz.json");
    const argv = ["--quick", "--validators", String(validators), "--expected-root", expectedRoot, "--out", out];
    const {doc, text} = await main(argv, {stdout: quiet, stderr: quiet});
    assert.deepEqual(JSON.parse(readFileSync(out, "utf8")), JSON.parse(JSON.stringify(doc)));
    assert.equal(doc.workload.expectedRoot, expectedRoot);
    assert.equal(doc.workload.validators, validators);
    assert.equal(doc.options.rounds, 1);
    const ids = doc.hashers.map((h) => h.id);
    // hashtree is a native addon, left out (with a note) where it does not load.
    assert.deepEqual(
      ids.filter((id) => id !== "hashtree"),
      ["ours", "pool", "as-sha256"],
    );
    assert.equal(ids.includes("hashtree"), !doc.notes.some((n) => n.startsWith("hashtree left out")));
    for (const h of doc.hashers) {
      assert.ok(h.verifyCalls.executeHashComputations > 0, `${h.id} reached no executeHashComputations`);
      assert.ok(h.verifyCalls.digest64HashObjects > 0, `${h.id} reached no digest64HashObjects`);
    }
    assert.deepEqual(Object.keys(doc.times), Object.keys(CASES));
    for (const [c, byHasher] of Object.entries(doc.times)) {
      assert.deepEqual(Object.keys(byHasher), ids);
      for (const [id, xs] of Object.entries(byHasher)) {
        assert.equal(xs.length, 1, `${c} ${id}`);
        assert.ok(xs[0] > 0 && Number.isFinite(xs[0]), `${c} ${id}: ${xs[0]}`);
      }
    }
    // At least the modified validators' parents, all of them new nodes.
    assert.ok(doc.workload.hashStepNodes > validators / 2, String(doc.workload.hashStepNodes));
    for (const c of Object.values(CASES)) assert.ok(text.includes(c), c);
  });

  it("throws on a root that is not the expected one", async () => {
    const argv = ["--quick", "--validators", String(validators), "--expected-root", `0x${"00".repeat(32)}`];
    await assert.rejects(main(argv, {stdout: quiet, stderr: quiet}), /batchHashTreeRoot with ours: root 0x[0-9a-f]{64}, expected 0x0{64}/);
  });
});
