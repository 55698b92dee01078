// Every JavaScript example of the README runs as pasted: each ```js block is
// written to a module inside the package, so that "sha256-simd" resolves to
// this checkout, and run in a child Node, which must exit cleanly. A block
// that imports a package this checkout does not install is run by the
// consumer fixture named for it instead (test/consumers/).
import assert from "node:assert/strict";
import {spawnSync} from "node:child_process";
import {copyFileSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync} from "node:fs";
import {join} from "node:path";
import {fileURLToPath} from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
const dir = fileURLToPath(new URL("../build/readme-examples/", import.meta.url));
const readme = readFileSync(new URL("../README.md", import.meta.url), "utf8");
const blocks = [...readme.matchAll(/^```js\n([\s\S]*?)^```$/gm)].map((m) => m[1]);
/** Packages an example may import that the consumer fixtures run, not this checkout. */
const elsewhere = {"@chainsafe/libp2p-noise": "test/consumers/fixtures/libp2p-noise"};

/** Whether `name` is installed where an example inside the package finds it. */
const installed = (name) => name === "sha256-simd" || name.startsWith("sha256-simd/") || existsSync(join(root, "node_modules", name));

describe("the README's examples", function () {
  this.timeout(60000);
  before(() => {
    rmSync(dir, {recursive: true, force: true});
    mkdirSync(dir, {recursive: true});
    // The pool example with workerUrl names a copy of the worker beside the module.
    copyFileSync(new URL("../js/generated/pool-worker.js", import.meta.url), `${dir}pool-worker.js`);
  });

  it("has examples to run", () => assert.ok(blocks.length >= 5, `${blocks.length} blocks`));

  blocks.forEach((code, i) => {
    const imports = [...code.matchAll(/from "([^"]+)"/g)].map((m) => m[1]);
    const title = `example ${i + 1} (${imports.join(", ") || "no imports"})`;
    it(`${title} runs as pasted`, function () {
      const missing = imports.filter((name) => !installed(name));
      if (missing.length > 0) {
        assert.ok(missing.every((name) => name in elsewhere), `${title}: ${missing.join(", ")} is installed nowhere`);
        this.skip();
      }
      const file = `${dir}example-${i + 1}.mjs`;
      writeFileSync(file, code);
      const run = spawnSync(process.execPath, [file], {encoding: "utf8", cwd: root});
      assert.equal(run.status, 0, `${title} failed:\n${run.stderr}`);
    });
  });
});
