// What the tests of bench/ and lab/ share: bench/node.js's main() as they run
// it, results files written to temporary folders, the build they must record,
// and the checks every run passes.
import assert from "node:assert/strict";
import {execFileSync} from "node:child_process";
import {createHash} from "node:crypto";
import {mkdtempSync, readFileSync, rmSync} from "node:fs";
import os from "node:os";
import {join} from "node:path";
import {simdEnabled} from "sha256-simd";
import {startupCase} from "../cases/startup.js";
import {matchingResults} from "../report/readme.js";

export const quiet = {write() {}, isTTY: false};
export const cores = os.availableParallelism?.() ?? os.cpus().length;
export const oracle = (m) => createHash("sha256").update(m).digest();

/**
 * The build a results file made from this checkout must record, found apart from
 * bench/report/results-files.js: git's HEAD and the sha256 of each wasm file git has committed.
 */
export function committedBuild() {
  const root = new URL("../../", import.meta.url);
  const git = (...args) => execFileSync("git", args, {cwd: root, encoding: "utf8"}).trim();
  const files = git("ls-files", "wasm/*.wasm").split("\n");
  const sha256 = (path) => createHash("sha256").update(readFileSync(new URL(path, root))).digest("hex");
  return {commit: git("rev-parse", "HEAD"), wasm: Object.fromEntries(files.map((f) => [f.slice("wasm/".length), sha256(f)]))};
}

/** `fn(out)`'s result, and `doc`, the JSON it wrote to `out`, a file in a temporary folder removed afterwards. */
export async function jsonWritten(fn) {
  const dir = mkdtempSync(join(os.tmpdir(), "sha256-simd-test-"));
  try {
    const out = join(dir, "out.json");
    const result = await fn(out);
    return {result, out, doc: JSON.parse(readFileSync(out, "utf8"))};
  } finally {
    rmSync(dir, {recursive: true, force: true});
  }
}

/** bench/node.js --quick, quiet, written to a temporary file: main()'s {file, text}, `doc` as read back, `returned` as main() gave it. */
export async function quickRun(args) {
  const {main} = await import("../node.js");
  const {result, out, doc} = await jsonWritten((out) => main(["--quick", ...args, "--out", out], {stdout: quiet, stderr: quiet}));
  return {file: result.file, text: result.text, doc, returned: result.doc, out};
}

/** Whether bench/readme.js's tables would take `doc` once it is no longer --quick. */
export const counted = (doc) => matchingResults([{name: "r.json", doc: {...doc, options: {...doc.options, quick: false}}}], doc.build.wasm).size === 1;

/**
 * What every quickRun() must give: its `cases` ([[id, [impl, ...]], ...], in order) with the
 * contenders that --impl (`options.impl`) keeps and this machine has, each correct and timed;
 * `options` among its options; left out of the README's tables unless `full`; a table with each
 * case; the file where --out says, in schema 2, with this engine and the build measured.
 */
export function assertQuickRun({doc, text, file, out, returned}, {cases, options, full = false}) {
  const hashtreeLeftOut = doc.notes.some((n) => n.includes("hashtree"));
  const keep = new RegExp(options.impl ?? "");
  const here = (i) => keep.test(i) && !(i === "hashtree" && hashtreeLeftOut) && !(i === "ours-simd" && !simdEnabled);
  const ran = new Map();
  for (const r of doc.results) ran.set(r.case, [...(ran.get(r.case) ?? []), r.impl]);
  assert.deepEqual([...ran], cases.map(([id, impls]) => [id, impls.filter(here)]));
  assertCorrectAndTimed(doc.results, doc.options);
  assert.deepEqual(doc.options, {...doc.options, quick: true, ...options});
  // A partial run is left out of the README's tables, whose figures must each come from a full run.
  assert.equal(counted(doc), full);

  const lines = text.split("\n");
  for (const r of doc.results) assert.ok(lines.includes(`${r.title}, per ${r.unit}`), r.title);
  assert.doesNotMatch(text, /target|holds|not yet|\bours\b/i);
  assert.doesNotMatch(text, /\b(yes|YES|NO)\b/);
  if (doc.options.headline) assert.match(text, /headline cases only; `make bench-full`/);
  else assert.doesNotMatch(text, /headline/i);

  assert.equal(file, out);
  assert.deepEqual(doc, JSON.parse(JSON.stringify(returned)));
  assert.equal(doc.schema, 2);
  const e = doc.env;
  assert.deepEqual([e.runtime, e.runtimeVersion, e.v8, e.simd, e.cores], ["node", process.versions.node, process.versions.v8, simdEnabled, cores]);
  for (const k of ["cpu", "platform", "arch", "date"]) assert.equal(typeof e[k], "string", k);
  assert.ok(!Number.isNaN(Date.parse(e.date)));
  const build = committedBuild();
  assert.deepEqual(doc.build.wasm, build.wasm);
  assert.ok(Object.keys(build.wasm).length >= 2, Object.keys(build.wasm).join());
  assert.match(doc.build.commit, new RegExp(`^${build.commit}(-dirty)?$`));
}

const positive = (x) => typeof x === "number" && Number.isFinite(x) && x > 0;

/**
 * Every row correct against the oracle and timed: finite positive figures, best round at most the
 * median, the rounds asked for (`startupRounds` in the start-up case) with a sample at least in
 * each, and its ratios over the case's rows of ours and as-sha256.
 */
export function assertCorrectAndTimed(results, {rounds, startupRounds}) {
  for (const r of results) {
    const at = `${r.case} / ${r.impl}`;
    const row = (impl) => results.find((x) => x.case === r.case && x.impl === impl);
    assert.deepEqual([r.correct, r.error], [true, undefined], at);
    for (const k of ["nsPerOp", "nsPerOpMedian", "opsPerSec", "samples", "callsPerSample"]) assert.ok(positive(r[k]), `${at} ${k} = ${r[k]}`);
    if ("mbPerSec" in r) assert.ok(positive(r.mbPerSec), at);
    assert.ok(r.nsPerOp <= r.nsPerOpMedian && r.samples >= r.rounds, at);
    assert.equal(r.rounds, r.case === startupCase.id ? startupRounds : rounds, at);
    assert.ok(["call", "hash", "process"].includes(r.unit), at);
    assert.equal(r.ratioVsOurs, r.nsPerOp / (row("ours-simd") ?? row("ours-js")).nsPerOp, at);
    assert.equal(r.ratioVsAsSha256, row("as-sha256") ? row("as-sha256").nsPerOp / r.nsPerOp : null, at);
  }
}
