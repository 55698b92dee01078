// The consumers test (make test-consumers): the package as `npm pack` makes
// it, installed into small projects of the bundlers and frameworks users
// build with (test/consumers/fixtures/*), each built for production twice
// (a page that imports `digest` alone, and one that imports everything) and
// run where its users run it: Chromium on a cross-origin isolated page,
// Hermes, or workerd. Prints a table of tool, version, builds, runs, pool and
// gzipped sizes, writes it to build/consumers-results.json, and exits
// non-zero if any consumer failed.
//
//   node test/consumers/run.js              every fixture
//   node test/consumers/run.js vite metro   only these
//   node test/consumers/run.js --save       every fixture, and the README's table's
//                                           source, bench/results/consumers.json
//
// Each fixture folder holds consumer.json: {tool (the npm package whose
// version is reported), run ("chromium", "hermes" or "workerd"), pool
// ("auto": the bundler emits the worker; "workerUrl": the README's step for
// bundlers that do not follow `new Worker(new URL(...))`; "none"), builds:
// {digest, all}: {command, out}}; the pages' entries are at ./src
// (test/consumers/src, copied in). Fixtures install from their own
// package-lock.json into <tmpdir>/sha256-simd-consumers/<name>/, which stays between runs
// while the lock file is unchanged.
import {execFileSync} from "node:child_process";
import {createHash} from "node:crypto";
import {cpSync, existsSync, mkdirSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync} from "node:fs";
import {tmpdir} from "node:os";
import {dirname, join, relative} from "node:path";
import {fileURLToPath} from "node:url";
import {gzipSync} from "node:zlib";
import {buildInfo} from "../../bench/report/results-files.js";
import {runners} from "./runners.js";

const root = fileURLToPath(new URL("../..", import.meta.url));
const fixtures = join(root, "test/consumers/fixtures");
// Outside the repository, so that no fixture finds a package in the repository's own node_modules.
const work = join(tmpdir(), "sha256-simd-consumers");
const results = join(root, "build/consumers-results.json");
/** Marks the pool's worker script in a build: its bytes are not the page's (tools/bundle.mjs). */
const WORKER_MARK = "a worker has no portable build";

const sh = (cmd, args, cwd, env = {}) =>
  execFileSync(cmd, args, {cwd, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"], env: {...process.env, ...env}, maxBuffer: 64 << 20});

/** The tarball users install, packed once per run. */
function pack() {
  mkdirSync(work, {recursive: true});
  const [{filename}] = JSON.parse(sh("npm", ["pack", "--json", "--pack-destination", work], root));
  return join(work, filename);
}

/** The fixture copied into the work folder, its dependencies installed (again only when its lock file changed), and the tarball. */
function install(name, tarball) {
  const from = join(fixtures, name);
  const dir = join(work, name);
  const lock = readFileSync(join(from, "package-lock.json"));
  const stamp = join(dir, "node_modules/.lock-sha256");
  const fresh = !existsSync(stamp) || readFileSync(stamp, "utf8") !== createHash("sha256").update(lock).digest("hex");
  for (const entry of readdirSync(from)) if (entry !== "node_modules") cpSync(join(from, entry), join(dir, entry), {recursive: true});
  // The pages' sources, shared by every fixture, at ./src.
  cpSync(join(root, "test/consumers/src"), join(dir, "src"), {recursive: true});
  if (fresh) {
    rmSync(join(dir, "node_modules"), {recursive: true, force: true});
    sh("npm", ["ci", "--no-audit", "--no-fund", "--prefer-offline"], dir);
    writeFileSync(stamp, createHash("sha256").update(lock).digest("hex"));
  }
  sh("npm", ["install", "--no-save", "--no-audit", "--no-fund", "--prefer-offline", tarball], dir);
  return dir;
}

/** Gzip -9 bytes of the page's own scripts in out: every .js, .mjs and .wasm but the pool's worker script. */
export function pageBytes(out) {
  let total = 0;
  for (const file of readdirSync(out, {recursive: true})) {
    const path = join(out, file);
    if (!/\.(m?js|wasm)$/.test(file) || !statSync(path).isFile()) continue;
    const bytes = readFileSync(path);
    if (bytes.includes(WORKER_MARK)) continue;
    total += gzipSync(bytes, {level: 9}).length;
  }
  return total;
}

async function runOne(name, tarball) {
  const config = JSON.parse(readFileSync(join(fixtures, name, "consumer.json"), "utf8"));
  const row = {name, tool: config.tool, version: null, builds: {}, runs: {}, pool: null, bytes: {}, problems: []};
  try {
    const dir = install(name, tarball);
    row.version = JSON.parse(readFileSync(join(dir, "node_modules", config.tool, "package.json"), "utf8")).version;
    for (const [page, {command, out}] of Object.entries(config.builds)) {
      rmSync(join(dir, out), {recursive: true, force: true});
      try {
        sh("sh", ["-c", command], dir, {NODE_ENV: "production"});
        row.builds[page] = true;
        // What a page or app ships; a type check or a Node script ships nothing.
        if (!["tsc", "node"].includes(config.run)) row.bytes[page] = pageBytes(join(dir, out));
      } catch (e) {
        row.builds[page] = false;
        row.problems.push(`${page} build: ${String(e.stderr || e.message).slice(-2000)}`);
        continue;
      }
      const result = await runners[config.run]({dir, out: join(dir, out), page, config});
      row.runs[page] = result.problems.length === 0;
      row.problems.push(...result.problems.map((p) => `${page}: ${p}`));
      if (page === "all") row.pool = result.pool;
    }
  } catch (e) {
    row.problems.push(String(e.stderr || e.stack || e));
  }
  return row;
}

const yes = (x) => (x === undefined ? "–" : x ? "yes" : "**no**");

function table(rows) {
  const lines = ["| consumer | version | builds (digest / all) | runs (digest / all) | pool | gz bytes (digest / all) |", "|---|---|---|---|---|---|"];
  for (const r of rows) {
    lines.push(
      `| ${r.name} | ${r.version ?? "–"} | ${yes(r.builds.digest)} / ${yes(r.builds.all)} | ${yes(r.runs.digest)} / ${yes(r.runs.all)} | ${r.pool ?? "–"} | ${r.bytes.digest ?? "–"} / ${r.bytes.all ?? "–"} |`,
    );
  }
  return lines.join("\n");
}

const save = process.argv.includes("--save");
const wanted = process.argv.slice(2).filter((a) => a !== "--save");
const names = readdirSync(fixtures).filter((n) => existsSync(join(fixtures, n, "consumer.json")) && (wanted.length === 0 || wanted.includes(n)));
const tarball = pack();
const rows = [];
for (const name of names) {
  const started = Date.now();
  const row = await runOne(name, tarball);
  row.seconds = Math.round((Date.now() - started) / 1000);
  rows.push(row);
  console.log(`${name}: ${row.problems.length === 0 ? "passed" : "FAILED"} in ${row.seconds} s`);
  for (const p of row.problems) console.log(`  ${p.replaceAll("\n", "\n  ")}`);
}
mkdirSync(dirname(results), {recursive: true});
writeFileSync(results, `${JSON.stringify(rows, null, 2)}\n`);
console.log(`\n${table(rows)}\n\n(${relative(root, results)})`);
if (save) {
  // What the README's table shows, with what each tool needs (consumer.json's "needs").
  const needs = Object.fromEntries(names.map((n) => [n, JSON.parse(readFileSync(join(fixtures, n, "consumer.json"), "utf8")).needs ?? ""]));
  const doc = {build: buildInfo(), node: process.version, rows: rows.map((r) => ({...r, needs: needs[r.name]}))};
  writeFileSync(join(root, "bench/results/consumers.json"), `${JSON.stringify(doc, null, 2)}\n`);
}
process.exitCode = rows.every((r) => r.problems.length === 0) && rows.length > 0 ? 0 : 1;
