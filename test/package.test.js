// The package as a user receives it: packed by `npm pack`, installed from the
// tarball into a scratch project, then imported (ESM, and require() on Node 22
// or later) and type-checked, with its results checked against node:crypto.
import assert from "node:assert/strict";
import {execFileSync} from "node:child_process";
import {existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, symlinkSync, writeFileSync} from "node:fs";
import os from "node:os";
import {join} from "node:path";
import {fileURLToPath} from "node:url";
import ts from "typescript";
import {pseudoRandomBytes, sha256Oracle, toHex} from "./support/helpers.js";

const root = fileURLToPath(new URL("..", import.meta.url));
const run = (cmd, args, options) => execFileSync(cmd, args, {encoding: "utf8", stdio: "pipe", ...options});

const messages = [0, 3, 64, 1000].map((n) => pseudoRandomBytes(n, n + 9));
const message64 = messages[2];

// One program, loaded through either module system: it hashes `messages` with
// the installed package and prints what it got.
const program = `
const messages = JSON.parse(process.argv[2]).map((m) => new Uint8Array(Buffer.from(m, "hex")));
const hex = (bytes) => Buffer.from(bytes).toString("hex");
const root = new Uint8Array(32);
hasher.merkleizeBlocksBytes(messages.find((m) => m.length === 64), 2, root, 0);
process.stdout.write(JSON.stringify({
  version: process.version,
  simdEnabled,
  digests: messages.map((m) => hex(digest(m))),
  streamed: messages.map((m) => hex(new SHA256().update(m).final())),
  root: hex(root),
}));
`;
const esmProgram = `import {SHA256, digest, simdEnabled} from "sha256-simd";
import {hasher} from "sha256-simd/hasher";
${program}`;
const cjsProgram = `const {SHA256, digest, simdEnabled} = require("sha256-simd");
const {hasher} = require("sha256-simd/hasher");
${program}`;

// A user's TypeScript: every entry point, and the Hasher type they satisfy.
const usage = `import {type HashObject, digest, digest64HashObjects} from "sha256-simd";
import {hasher} from "sha256-simd/hasher";
import {type HashPool, createHashPool} from "sha256-simd/pool";
import type {Hasher} from "@chainsafe/persistent-merkle-tree";

const pool: Promise<HashPool> = createHashPool({threads: 2});

const zero: HashObject = {h0: 0, h1: 0, h2: 0, h3: 0, h4: 0, h5: 0, h6: 0, h7: 0};
const parent: HashObject = digest64HashObjects(zero, zero);
const bytes: Uint8Array = digest(new Uint8Array(3));
const merkleHasher: Hasher = hasher;
// @ts-expect-error digest takes bytes
digest("abc");
export {parent, bytes, merkleHasher, pool};
`;
const compilerOptions = {
  node16: {module: "node16", moduleResolution: "node16"},
  bundler: {module: "esnext", moduleResolution: "bundler"},
  // The resolution of TypeScript before "exports" maps, which reads
  // "sha256-simd/hasher" through package.json's "typesVersions".
  node10: {module: "commonjs", moduleResolution: "node10"},
};

/** The command that runs Node 22 or later: this Node, or one npm fetches. */
function node22() {
  if (Number(process.versions.node.split(".")[0]) >= 22) return [process.execPath, []];
  const npm = process.platform === "win32" ? "npm.cmd" : "npm";
  return [npm, ["exec", "--yes", `--package=node-${process.platform}-${process.arch}@22`, "--", "node"]];
}

describe("the package from npm pack, installed in a scratch project", function () {
  let dir;
  let project;
  let packed;

  before(function () {
    if (globalThis.Bun || globalThis.Deno) this.skip();
    dir = mkdtempSync(join(os.tmpdir(), "sha256-simd-pack-"));
    [packed] = JSON.parse(run("npm", ["pack", "--json", "--pack-destination", dir], {cwd: root}));
    project = join(dir, "project");
    mkdirSync(project);
    writeFileSync(join(project, "package.json"), JSON.stringify({name: "scratch", private: true, type: "module"}));
    // No dependencies to fetch: the tarball installs offline.
    run("npm", ["install", "--offline", "--no-audit", "--no-fund", "--no-package-lock", join(dir, packed.filename)], {
      cwd: project,
    });
    // The optional peer dependency, for the Hasher type only.
    mkdirSync(join(project, "node_modules/@chainsafe"));
    symlinkSync(join(root, "node_modules/@chainsafe/persistent-merkle-tree"), join(project, "node_modules/@chainsafe/persistent-merkle-tree"));
    writeFileSync(join(project, "check.mjs"), esmProgram);
    writeFileSync(join(project, "check.cjs"), cjsProgram);
    writeFileSync(join(project, "usage.ts"), usage);
  });

  after(function () {
    if (dir) rmSync(dir, {recursive: true, force: true});
  });

  /** Checks what check.mjs or check.cjs printed against node:crypto. */
  function assertHashedRight(output) {
    const observed = JSON.parse(output);
    assert.equal(observed.simdEnabled, true, `${observed.version} loaded the scalar module`);
    const expected = messages.map((m) => toHex(sha256Oracle(m)));
    assert.deepEqual(observed.digests, expected);
    assert.deepEqual(observed.streamed, expected);
    assert.equal(observed.root, toHex(sha256Oracle(message64)), "sha256-simd/hasher: root of two chunks");
    return observed;
  }

  const messagesArg = () => JSON.stringify(messages.map(toHex));

  it("holds the loader, its types, README, LICENSE and package.json, and nothing else", function () {
    const paths = packed.files.map((f) => f.path).sort();
    // In a git checkout, the files git tracks (a stray file in js/ is then
    // caught); in a copy without .git (a release tarball), those on disk.
    const tracked = existsSync(join(root, ".git"))
      ? run("git", ["ls-files", "js", "wasm/*.wasm"], {cwd: root}).split("\n").filter(Boolean).sort()
      : [
          ...readdirSync(join(root, "js"), {recursive: true, withFileTypes: true})
            .filter((f) => f.isFile())
            .map((f) => join(f.parentPath ?? f.path, f.name).slice(root.length)),
          ...readdirSync(join(root, "wasm")).filter((f) => f.endsWith(".wasm")).map((f) => `wasm/${f}`),
        ].sort();
    assert.ok(tracked.length > 0, "found no files in js/");
    assert.deepEqual(paths, ["LICENSE", "README.md", ...tracked, "package.json"].sort());
    // Every file that package.json names is in the tarball.
    const pkg = JSON.parse(readFileSync(join(root, "package.json"), "utf8"));
    const targets = (map) => Object.values(map).flatMap((e) => (typeof e === "string" ? [e] : Object.values(e)));
    const named = [pkg.main, pkg.types, ...targets(pkg.exports), ...targets(pkg.imports)];
    for (const file of named) assert.ok(paths.includes(file.replace(/^\.\//, "")), `${file} is not in the tarball`);
  });

  it("imports as ESM, sha256-simd and sha256-simd/hasher", function () {
    assertHashedRight(run(process.execPath, ["check.mjs", messagesArg()], {cwd: project}));
  });

  it("loads with require() on Node 22 or later", function () {
    this.timeout(300000);
    const [cmd, args] = node22();
    let output;
    try {
      output = run(cmd, [...args, "check.cjs", messagesArg()], {cwd: project});
    } catch (e) {
      // Skipped only where no Node 22 can be had; a failing require() fails.
      let version = null;
      try {
        version = run(cmd, [...args, "--version"], {cwd: project});
      } catch {}
      if (version !== null || process.env.REQUIRE_NODE22 === "1") throw e;
      console.log(`      no Node 22 (${String(e.message).split("\n")[0]}): skipped (REQUIRE_NODE22=1 makes this a failure)`);
      this.skip();
    }
    const {version} = assertHashedRight(output);
    assert.ok(Number(version.slice(1).split(".")[0]) >= 22, `ran on ${version}`);
  });

  // In this process, with the parsed source files shared between the
  // resolutions: three tsc runs took 14 s, these take a few.
  const sourceFiles = new Map();
  for (const [name, options] of Object.entries(compilerOptions)) {
    it(`type-checks under moduleResolution ${name}`, function () {
      const parsed = ts.convertCompilerOptionsFromJson(
        {strict: true, noEmit: true, target: "ES2022", lib: ["ES2022"], types: [], ...options},
        project,
      );
      assert.deepEqual(parsed.errors, []);
      const host = ts.createCompilerHost(parsed.options);
      const getSourceFile = host.getSourceFile;
      host.getSourceFile = (file, ...rest) => {
        if (!sourceFiles.has(file)) sourceFiles.set(file, getSourceFile.call(host, file, ...rest));
        return sourceFiles.get(file);
      };
      const program = ts.createProgram([join(project, "usage.ts")], parsed.options, host);
      const diagnostics = ts.getPreEmitDiagnostics(program);
      const text = ts.formatDiagnostics(diagnostics, {...host, getNewLine: () => "\n"});
      assert.equal(diagnostics.length, 0, `moduleResolution ${name}:\n${text}`);
      // The declarations came from the installed tarball: all of its generated
      // ones (each is reached from an entry), and no other file of it.
      const installed = "node_modules/sha256-simd/";
      const ours = program.getSourceFiles().map((f) => f.fileName).filter((f) => f.includes(installed));
      const types = packed.files.map((f) => f.path).filter((p) => p.startsWith("js/generated/types/"));
      assert.ok(types.includes("js/generated/types/index.d.ts"), "no js/generated/types/index.d.ts in the tarball");
      assert.deepEqual(ours.map((f) => f.slice(f.indexOf(installed) + installed.length)).sort(), types.sort());
    });
  }
});
