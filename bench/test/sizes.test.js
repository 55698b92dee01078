// The bundle sizes (test/support/bundle-sizes.js, bench/sizes.js): each case
// bundled as esbuild's own command line bundles it with the same flags, what
// went into each bundle by export condition, and sizes.json, which the README
// renders only while its build is the committed modules.
import assert from "node:assert/strict";
import {execFileSync} from "node:child_process";
import {readFileSync} from "node:fs";
import {createRequire} from "node:module";
import {dirname, join} from "node:path";
import {fileURLToPath} from "node:url";
import {gzipSync} from "node:zlib";
import {SIZE_CASES, bundleSize} from "sha256-simd-support/bundle-sizes.js";
import {sizesSection} from "../report/readme.js";
import {main} from "../sizes.js";
import {committedBuild} from "./committed-build.js";
import {withTmpDir} from "./quick-run.js";

const bench = fileURLToPath(new URL("..", import.meta.url));
const esbuildBin = join(dirname(createRequire(import.meta.url).resolve("esbuild/package.json")), "bin", "esbuild");
const quiet = {write() {}};

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
    const ours = SIZE_CASES.filter((c) => c.lib === "sha256-simd").map((c) => c.id);
    assert.deepEqual(ours, ["digest", "digest64", "three", "names", "hasher", "extras", "everything", "digest-react-native", "hasher-react-native", "digest-workerd"]);
    const peers = SIZE_CASES.filter((c) => c.lib !== "sha256-simd").map((c) => [c.lib, c.sameAs]);
    assert.deepEqual(peers, [["@chainsafe/as-sha256", "digest"], ["@chainsafe/as-sha256", "digest64"], ["@chainsafe/as-sha256", "three"], ["@chainsafe/as-sha256", "names"], ["@noble/hashes", "digest"]]);
  });

  it("measures what esbuild's command line makes of each case, gzipped at level 9", function () {
    for (const c of SIZE_CASES) {
      const code = cliBundle(c);
      assert.equal(sizes.get(c.id).minified, code.length, c.id);
      assert.equal(sizes.get(c.id).gzip, gzipSync(code, {level: 9}).length, c.id);
    }
  });

  it("embeds the wasm modules by default alone: none under react-native, none under workerd, where they are .wasm imports", function () {
    const embedded = (id) => sizes.get(id).inputs.filter((p) => /js\/generated\/\w+-wasm\.js$/.test(p));
    for (const id of ["digest", "digest64", "three", "names", "hasher", "extras", "everything"]) assert.ok(embedded(id).length > 0, id);
    for (const id of ["digest-react-native", "hasher-react-native", "digest-workerd"]) assert.deepEqual(embedded(id), [], id);
    assert.ok(sizes.get("digest-workerd").inputs.some((p) => p.endsWith("js/backends/workerd/core.js")));
    assert.ok(sizes.get("noble-sha256").inputs.every((p) => p.includes("node_modules/@noble/hashes/") || p === "entry.js"));
    // More of the API costs more.
    for (const id of ["three", "names", "extras", "everything"]) assert.ok(sizes.get(id).gzip > sizes.get("digest").gzip, id);
  });

  it("writes sizes.json with the build and esbuild's version, which the README renders only while that build is the committed one", function () {
    return withTmpDir("sha256-simd-sizes-", async (dir) => {
      const out = join(dir, "sizes.json");
      await main(["--out", out], {stdout: quiet});
      const doc = JSON.parse(readFileSync(out, "utf8"));
      assert.deepEqual(doc.build.wasm, committedBuild().wasm);
      assert.equal(doc.esbuild, execFileSync(esbuildBin, ["--version"], {encoding: "utf8"}).trim());
      assert.deepEqual(doc.cases.map((c) => [c.id, c.gzip]), SIZE_CASES.map((c) => [c.id, sizes.get(c.id).gzip]));
      const wasm = doc.build.wasm;
      const section = sizesSection([{name: "sizes.json", doc}], wasm);
      assert.match(section, /^\| import \| sha256-simd \| @chainsafe\/as-sha256 \| @noble\/hashes \|$/m);
      const at = (id) => sizes.get(id).gzip.toLocaleString("en");
      assert.ok(section.includes(`| {digest} | ${at("digest")} | ${at("as-sha256-digest")} | ${at("noble-sha256")} |`), section);
      assert.ok(section.includes(`| sha256-simd/hasher | ${at("hasher")} | – | – |`), section);
      // Each piece stubs a file that is in the 17 names' bundle: without it, the bundle is at least 1 KB smaller.
      assert.deepEqual(doc.pieces.map((p) => p.id), ["lanes", "core", "portable", "glue"]);
      for (const p of doc.pieces) assert.ok(p.gzip > 1000, `${p.id}: ${p.gzip}`);
      assert.ok(section.includes(`| the core module | ${doc.pieces[1].gzip.toLocaleString("en")} |`), section);
      const other = {...wasm, "sha256-core.wasm": "0".repeat(64)};
      assert.match(sizesSection([{name: "sizes.json", doc}], other), /^No `bench\/results\/sizes\.json` of the committed modules/);
    });
  });
});
