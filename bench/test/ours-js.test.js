// The page's portable contender, ours-js, in Node: the bundle build.js makes
// of sha256-simd/portable runs on the js backend and leaves the main entry's
// backend alone (where importing the entry itself would not: loadPortable
// says so), ours-js joins every case of bench/cases.js after ours' wasm
// contenders, and a contender on another backend than its id names is marked
// wrong, saying so (oursVariants). The bundle is imported here rather than
// sha256-simd/portable itself, which would move this process's sha256-simd
// onto the js backend.
import assert from "node:assert/strict";
import {execFileSync} from "node:child_process";
import {createHash} from "node:crypto";
import {mkdtemp, rm} from "node:fs/promises";
import {tmpdir} from "node:os";
import {join} from "node:path";
import {fileURLToPath, pathToFileURL} from "node:url";
import * as asSha256 from "@chainsafe/as-sha256";
import * as ours from "sha256-simd";
import {makeCases} from "../cases.js";
import {checkCase} from "../runner.js";
import {build} from "../web/build.js";
import {loadPortable, portableBundle} from "../web/src/ours-js.js";

const oracle = (m) => createHash("sha256").update(m).digest();

describe("the benchmark page's portable contender, ours-js", function () {
  let dir, portable;
  const main = ours.backend;

  before(async function () {
    dir = await mkdtemp(join(tmpdir(), "sha256-simd-ours-js-"));
    await build({outDir: dir});
    portable = await loadPortable(ours, pathToFileURL(join(dir, portableBundle)).href);
  });

  after(async function () {
    if (dir) await rm(dir, {recursive: true, force: true});
  });

  it("loads sha256-simd/portable from its own bundle on the js backend, leaving sha256-simd's as it was", function () {
    assert.equal(portable.backend, "js");
    assert.equal(ours.backend, main);
    assert.notEqual(main, "js");
    const msg = new Uint8Array(64).fill(7);
    assert.deepEqual(portable.digest64(msg), new Uint8Array(oracle(msg)));
  });

  it("refuses sha256-simd/portable imported into sha256-simd's module graph, whose loader state they share", function () {
    // In a process of its own: the import moves that process's sha256-simd onto the js backend.
    const code = `import * as ours from "sha256-simd"; import {loadPortable} from "./web/src/ours-js.js";
      loadPortable(ours, "sha256-simd/portable").then(() => console.log("loaded"), (e) => console.log(e.message));`;
    const cwd = fileURLToPath(new URL("..", import.meta.url));
    const out = execFileSync(process.execPath, ["--input-type=module", "-e", code], {cwd, encoding: "utf8"});
    assert.equal(out.trim(), `importing sha256-simd/portable moved sha256-simd from ${main} to js`);
  });

  it("adds ours-js after ours' wasm contenders on every case of bench/cases.js, correct against node:crypto", async function () {
    for (const c of await makeCases({ours, portable, asSha256})) {
      const impls = c.contenders.map((k) => k.impl);
      const wasm = ours.simdEnabled ? ["ours-simd", "ours-scalar"] : ["ours-scalar"];
      assert.deepEqual(impls.slice(0, impls.indexOf("as-sha256")), [...wasm, "ours-js"], c.id);
      for (const [impl, mark] of await checkCase(c, oracle)) assert.deepEqual(mark, {correct: true}, `${c.id} / ${impl}`);
    }
    assert.equal(ours.backend, main);
  });

  it("marks a contender wrong, saying so, where the package's backend is not the one its id names", async function () {
    const misnamedOurs = {...ours, backend: "js", simdEnabled: true};
    const [c] = (await makeCases({ours: misnamedOurs, portable: {...portable, backend: "scalar"}, asSha256})).filter((x) => x.id === "digest64");
    const marks = await checkCase(c, oracle);
    assert.deepEqual(marks.get("ours-js"), {correct: false, error: "ours-js runs on the scalar backend, not js"});
    assert.deepEqual(marks.get("ours-scalar"), {correct: false, error: "ours-scalar runs on the js backend, not scalar"});
    assert.deepEqual(marks.get("ours-simd"), {correct: false, error: "ours-simd runs on the js backend, not simd"});
    // ours-scalar's hooks forced the scalar module; the failed check put the best one back.
    assert.equal(ours.backend, main);
  });
});
