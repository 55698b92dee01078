// lab/choices.js and lab/budget.js, briefly, under this Node. Nothing here asserts a timing.
import assert from "node:assert/strict";
import {execFileSync} from "node:child_process";
import {fileURLToPath} from "node:url";
import {internals} from "../internals.js";

const labDir = fileURLToPath(new URL("..", import.meta.url));
const run = (...args) => execFileSync(process.execPath, args, {cwd: labDir, encoding: "utf8"});

describe("lab/choices.js and lab/budget.js", function () {
  this.timeout(120000);

  it("times every row of ENGINE_CHOICES each way, naming Node's row", function () {
    const out = run("choices.js", "--rounds", "1", "--ms", "2");
    const row = internals.engine.ENGINE_CHOICES.node;
    assert.deepEqual(Object.keys(row).sort(), ["contexts", "digests", "lanes", "singleStream", "smallCopy"]);
    for (const [name, way] of Object.entries(row)) assert.match(out, new RegExp(`^${name} \\(this engine's row: ${way}\\)`, "m"));
    assert.match(out, /\| simd best \/ median ns \| scalar best \/ median ns \|/);
    assert.match(out, /\| views best \/ median ns \| copied best \/ median ns \| fresh best \/ median ns \|/);
    assert.match(out, /\| x4 best \/ median ns \| x4m best \/ median ns \|/);
  });

  it("gives each single-message call its steps, the glue and as-sha256's ratio", function () {
    const out = run("budget.js", "--rounds", "1", "--ms", "2", "--filter", "^digest64$");
    const steps = ["whole call", "call", "compress", "read and check", "copy in", "make the result", "JS glue (whole call − compress)"];
    for (const step of [...steps, "as-sha256 ÷ whole call"]) assert.match(out, new RegExp(`^\\| ${step.replace(/[()÷−]/g, ".")} \\|`, "m"), step);
  });
});
