// What each import costs an application's bundle (test/support/bundle-sizes.js:
// esbuild, minified ESM for browsers, gzip -9), held to a budget: today's
// size rounded up ({digest}'s, its target of 6,000). A change that grows a
// bundle past its budget fails here, as does any of as-sha256's imports
// measured here ({digest}, {digest64}, the three names and its whole API of
// 17 names) grown past as-sha256's same import, on the installed as-sha256
// (docs/performance-notes.md, "Module sizes").
import assert from "node:assert/strict";
import {fileURLToPath} from "node:url";
import {SIZE_CASES, bundleSize} from "./support/bundle-sizes.js";

const resolveDir = fileURLToPath(new URL("../bench", import.meta.url));

/** Gzipped bytes per SIZE_CASES id. */
const budgets = {
  "digest": 6000,
  "digest64": 5900,
  "three": 9300,
  "names": 11400,
  "hasher": 12000,
  "extras": 14700,
  "everything": 20100,
  "digest-react-native": 3100,
  "hasher-react-native": 6100,
  "digest-workerd": 3100,
};

/** The imports no larger than as-sha256's same import. */
const withinAsSha256 = ["digest", "digest64", "three", "names"];

describe("bundle sizes, within their budgets", function () {
  this.timeout(60000);
  it("has a budget for every import of sha256-simd that bench/sizes.js measures", function () {
    const ours = SIZE_CASES.filter((c) => c.lib === "sha256-simd").map((c) => c.id);
    assert.deepEqual(ours.sort(), Object.keys(budgets).sort());
  });

  for (const c of SIZE_CASES.filter((x) => x.lib === "sha256-simd")) {
    it(`${c.title}: at most ${budgets[c.id]} bytes gzipped`, async function () {
      const {gzip, minified, inputs} = await bundleSize(c, {resolveDir});
      console.log(`      ${c.title}: ${gzip} bytes gzipped (${minified} minified)`);
      assert.ok(gzip <= budgets[c.id], `${gzip} bytes gzipped, over the budget of ${budgets[c.id]}`);
      // js/generated/*-wasm.js hold the embedded modules, and nothing else does:
      // none under react-native, and .wasm imports instead under workerd.
      const embedded = inputs.some((path) => /js\/generated\/\w+-wasm\.js$/.test(path));
      assert.equal(embedded, c.conditions.length === 0, "embedded wasm bytes only without conditions");
    });
  }

  for (const id of withinAsSha256) {
    const ours = SIZE_CASES.find((c) => c.id === id);
    const theirs = SIZE_CASES.find((c) => c.lib === "@chainsafe/as-sha256" && c.sameAs === id);
    it(`${ours.title}: no larger than as-sha256's`, async function () {
      const [a, b] = [await bundleSize(ours, {resolveDir}), await bundleSize(theirs, {resolveDir})];
      assert.ok(a.gzip <= b.gzip, `${a.gzip} bytes gzipped, as-sha256's ${b.gzip}`);
    });
  }
});
