// The bundle sizes (test/support/bundle-sizes.js, bench/sizes.js): each case as esbuild's own command
// line bundles it, what went into each bundle, and sizes.json, which the README renders only while its
// build is the committed modules. test/sizes.test.js holds each bundle to its budget.
import assert from "node:assert/strict";
import {execFileSync} from "node:child_process";
import {createRequire} from "node:module";
import {dirname, join} from "node:path";
import {fileURLToPath} from "node:url";
import {gzipSync} from "node:zlib";
import {SIZE_CASES, bundleSize} from "sha256-simd-support/bundle-sizes.js";
import {sizesSection} from "../report/readme.js";
import {main} from "../sizes.js";
import {committedBuild, jsonWritten, quiet} from "./quick-run.js";

const bench = fileURLToPath(new URL("..", import.meta.url));
const esbuildBin = join(dirname(createRequire(import.meta.url).resolve("esbuild/package.json")), "bin", "esbuild");

/** `contents` bundled by esbuild's command line, from bench/, with the flags bundleSize() documents. */
function cliBundle({contents, conditions}) {
  const flags = ["--bundle", "--minify", "--format=esm", "--platform=browser", "--main-fields=module,main", "--external:*.wasm", "--log-level=warning"];
  if (conditions.length) flags.push(`--conditions=${conditions.join(",")}`);
  return execFileSync(esbuildBin, flags, {cwd: bench, input: contents});
}

describe("bundle sizes (test/support/bundle-sizes.js)", function () {
  this.timeout(120000);
  const sizes = new Map();

  before(async function () {
    for (const c of SIZE_CASES) sizes.set(c.id, await bundleSize(c, {resolveDir: bench}));
  });

  it("has sha256-simd's imports, and each peer's beside the one whose work it does", function () {
    const ours = ["digest", "digest64", "three", "names", "hasher", "extras", "everything", "digest-react-native", "hasher-react-native", "digest-workerd"];
    assert.deepEqual(SIZE_CASES.filter((c) => c.lib === "sha256-simd").map((c) => c.id), ours);
    const asSha256 = ["digest", "digest64", "three", "names"].map((id) => ["@chainsafe/as-sha256", id]);
    assert.deepEqual(SIZE_CASES.filter((c) => c.lib !== "sha256-simd").map((c) => [c.lib, c.sameAs]), [...asSha256, ["@noble/hashes", "digest"]]);
  });

  it("measures what esbuild's command line makes of each case, gzipped at level 9", function () {
    for (const c of SIZE_CASES) {
      const code = cliBundle(c);
      assert.equal(sizes.get(c.id).minified, code.length, c.id);
      assert.equal(sizes.get(c.id).gzip, gzipSync(code, {level: 9}).length, c.id);
    }
  });

  // test/sizes.test.js checks that only the default condition embeds the wasm modules.
  it("bundles workerd's own core, noble's files alone, and more for more of the API", function () {
    assert.ok(sizes.get("digest-workerd").inputs.some((p) => p.endsWith("js/backends/workerd/core.js")));
    assert.ok(sizes.get("noble-sha256").inputs.every((p) => p.includes("node_modules/@noble/hashes/") || p === "entry.js"));
    for (const id of ["three", "names", "extras", "everything"]) assert.ok(sizes.get(id).gzip > sizes.get("digest").gzip, id);
  });

  it("writes sizes.json with the build and esbuild's version, which the README renders only while that build is the committed one", async function () {
    const {doc} = await jsonWritten((out) => main(["--out", out], {stdout: quiet}));
    assert.deepEqual(doc.build.wasm, committedBuild().wasm);
    assert.equal(doc.esbuild, execFileSync(esbuildBin, ["--version"], {encoding: "utf8"}).trim());
    assert.deepEqual(doc.cases.map((c) => [c.id, c.gzip]), SIZE_CASES.map((c) => [c.id, sizes.get(c.id).gzip]));
    const section = sizesSection([{name: "sizes.json", doc}], doc.build.wasm);
    assert.match(section, /^\| import \| sha256-simd \| @chainsafe\/as-sha256 \| @noble\/hashes \|$/m);
    const at = (id) => sizes.get(id).gzip.toLocaleString("en");
    assert.ok(section.includes(`| {digest} | ${at("digest")} | ${at("as-sha256-digest")} | ${at("noble-sha256")} |`), section);
    assert.ok(section.includes(`| sha256-simd/hasher | ${at("hasher")} | – | – |`), section);
    // Each piece stubs a file that is in the 17 names' bundle: without it, the bundle is at least 500 bytes smaller.
    assert.deepEqual(doc.pieces.map((p) => p.id), ["lanes", "core", "portable", "glue"]);
    for (const p of doc.pieces) assert.ok(p.gzip > 500, `${p.id}: ${p.gzip}`);
    assert.ok(section.includes(`| the core module | ${doc.pieces[1].gzip.toLocaleString("en")} |`), section);
    const other = {...doc.build.wasm, "sha256-core.wasm": "0".repeat(64)};
    assert.match(sizesSection([{name: "sizes.json", doc}], other), /^No `bench\/results\/sizes\.json` of the committed modules/);
  });
});
