// What each import costs an application's bundle (test/support/bundle-sizes.js:
// esbuild, minified ESM for browsers, gzip -9), held to a budget: today's
// size rounded up, or the target it was built to (as-sha256 1.2.5's 9,888
// bytes for {digest}). A change that grows a bundle past its budget fails here.
// The imports that use the lanes carry both 4-lane shapes, x4m's 1.65 KB
// (docs/performance-notes.md, "The 4-lane shape").
import assert from "node:assert/strict";
import {fileURLToPath} from "node:url";
import {SIZE_CASES, bundleSize} from "./support/bundle-sizes.js";

const resolveDir = fileURLToPath(new URL("../bench", import.meta.url));

/** Gzipped bytes per SIZE_CASES id. */
const budgets = {
  "digest": 9888,
  "drop-in": 17200,
  "hasher": 17100,
  "extras": 19300,
  "everything": 24800,
  "digest-react-native": 6000,
  "hasher-react-native": 8900,
  "digest-workerd": 6000,
};

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
});
