// A stack trace through the package under Node names the files of js/ and
// their functions: Node loads the minified js/generated/server.js, whose
// source map beside it (tools/bundle.mjs) Node applies under
// --enable-source-maps. Run in child processes (test/fixtures/trace.js).
import assert from "node:assert/strict";
import {execFileSync} from "node:child_process";
import {existsSync, readFileSync} from "node:fs";
import {fileURLToPath} from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
const fixture = fileURLToPath(new URL("./fixtures/trace.js", import.meta.url));
const generated = new URL("../js/generated/", import.meta.url);

/** The frames of the stack the fixture printed, run with `flags`. */
function frames(flags) {
  const stack = JSON.parse(execFileSync(process.execPath, [...flags, fixture], {encoding: "utf8"}));
  assert.ok(typeof stack === "string", "digest64 did not throw");
  return stack.split("\n").filter((line) => line.startsWith("    at "));
}

/** The 1-based line of js/`file` that holds `text`, once. */
function lineOf(file, text) {
  const lines = readFileSync(new URL(`../js/${file}`, import.meta.url), "utf8").split("\n");
  const found = lines.flatMap((line, i) => (line.includes(text) ? [i + 1] : []));
  assert.equal(found.length, 1, `"${text}" in js/${file}`);
  return found[0];
}

describe("stack traces through the generated bundle", function () {
  before(function () {
    // --enable-source-maps is Node's; Deno applies the maps by itself, Bun not.
    if (process.versions.bun || globalThis.Deno) this.skip();
  });

  it("run the bundle: without source maps the frames are in js/generated/server.js", function () {
    const [top] = frames([]);
    assert.match(top, /js\/generated\/server\.js:\d+:\d+\)$/, top);
  });

  it("name js/core/check.js, its functions and lines, and js/core/api.js under --enable-source-maps", function () {
    const [thrower, caller, entry] = frames(["--enable-source-maps"]);
    const dir = root.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
    const at = (fn, file, line) => new RegExp(`^    at ${fn} \\(${dir}js/${file}:${line}:\\d+\\)$`);
    assert.match(thrower, at("bytesLength", "core/check.js", lineOf("core/check.js", "must be a Uint8Array, got")));
    assert.match(caller, at("hasLength", "core/check.js", lineOf("core/check.js", "return bytesLength(x, name, fn) === size;")));
    // The function a user's code called: named at its start (tools/bundle.mjs, nameFunctionStarts),
    // since the user's call site has no map.
    assert.match(entry, at("digest64", "core/api.js", lineOf("core/api.js", `hasLength(data, 64, "data", "digest64")`)));
  });

  it("have maps whose every source file ships in js/", function () {
    for (const name of ["server.js.map", "pool-worker.js.map"]) {
      const {sources, sourcesContent} = JSON.parse(readFileSync(new URL(name, generated), "utf8"));
      assert.equal(sourcesContent, undefined, `${name}: the sources ship, so the map does not repeat them`);
      // no-portable: is tools/bundle.mjs's stand-in for the portable build, in the worker's.
      const files = sources.filter((s) => !s.startsWith("no-portable:"));
      assert.ok(files.includes("../core/check.js"), `${name}: ${sources}`);
      for (const s of files) assert.ok(existsSync(new URL(s, generated)), `${name}: ${s} is missing`);
    }
  });
});
