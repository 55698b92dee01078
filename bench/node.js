// The Node benchmark: every case of cases/cases.js, ours against each peer, in
// one process. Prints progress to stderr and a table to stdout, and writes the
// results JSON (schema: bench/results/README.md).
//
//   node bench/node.js [--headline] [--startup] [--quick] [--rounds N] [--time MS] [--filter REGEX]
//                      [--impl REGEX] [--markdown] [--save | --out FILE]
//                      [--label TEXT] [--warmup-time MS] [--batch-ms MS] [--hasher] [--pool] [--beyond]
//
// --headline (`make bench`) keeps the cases of headlineCaseIds in cases/cases.js:
// the figures a newcomer asks for, in about a minute on a 2-core machine,
// where everything (`make bench-full`) takes over 5. The run records
// options.headline and, as its options.filter, a regular expression of those
// ids, so bench/readme.js, which builds the README from full runs, leaves it
// out; and its file name ends in _headline, so it replaces no full run of the
// same day. --filter keeps the cases whose id matches (within --headline's,
// if given), --impl the implementations whose id matches. --hasher adds the
// persistent-merkle-tree hasher cases of cases/cases-hasher.js (about a minute
// more on a 2-core machine), --pool the thread pool's of cases/cases-pool.js
// (sha256-simd/pool at 1, 2, 4, ... threads up to the core count), and
// --beyond those of cases/cases-beyond.js (HMAC, HKDF, PBKDF2, digestParts
// and digestMany against noble and node:crypto). The start-up case of
// cases/startup.js (a fresh process's import and first digest per library)
// runs where the filter keeps its id: in full runs and headline runs; --startup runs it
// alone, into a file ending in _startup. The results file goes to
// build/bench-results/, which git ignores; --save writes it to bench/results/,
// where the README's tables and the page read it (make bench-full and
// bench-engine save), and --out FILE anywhere.
import * as asSha256 from "@chainsafe/as-sha256";
import * as noble from "@noble/hashes/sha2.js";
import * as hashWasm from "hash-wasm";
import * as nodeCrypto from "node:crypto";
import os from "node:os";
import {join} from "node:path";
import {fileURLToPath} from "node:url";
import {parseArgs} from "node:util";
import * as ours from "sha256-simd";
import {headlineCaseIds, makeCases} from "./cases/cases.js";
import {idsFilter, selectCases} from "./cases/common.js";
import {buildInfo, environment, resultsDir, runIfScript, tryImport, writeJson} from "./report/results-files.js";
import {makeResults, resultsFileName} from "./report/results.js";
import {defaultOptions, runCases} from "./timing/runner.js";
import {runStartup, startupCase, startupRounds} from "./cases/startup.js";
import {formatResults} from "./report/table.js";

/** --quick: enough to run every contender of every case, not to measure. */
const quickOptions = {rounds: 2, time: 2, warmupTime: 0, batchMs: 0.2, startupRounds: startupRounds.quick};

export function parseOptions(argv) {
  const {values} = parseArgs({
    args: argv,
    options: {
      headline: {type: "boolean", default: false},
      startup: {type: "boolean", default: false},
      quick: {type: "boolean", default: false},
      rounds: {type: "string"},
      time: {type: "string"},
      "warmup-time": {type: "string"},
      "batch-ms": {type: "string"},
      filter: {type: "string"},
      impl: {type: "string"},
      markdown: {type: "boolean", default: false},
      out: {type: "string"},
      save: {type: "boolean", default: false},
      label: {type: "string"},
      hasher: {type: "boolean", default: false},
      pool: {type: "boolean", default: false},
      beyond: {type: "boolean", default: false},
    },
  });
  const o = {...defaultOptions, startupRounds: startupRounds.full, ...(values.quick ? quickOptions : {})};
  const num = (name, key) => {
    if (values[name] === undefined) return;
    o[key] = Number(values[name]);
    if (!(o[key] >= 0)) throw new Error(`--${name} must be a number >= 0, got ${values[name]}`);
  };
  num("rounds", "rounds");
  num("time", "time");
  num("warmup-time", "warmupTime");
  num("batch-ms", "batchMs");
  if (o.rounds < 1) throw new Error("--rounds must be at least 1");
  const {headline, startup, quick, impl, markdown, out, save, label, hasher, pool, beyond} = values;
  const ids = headline ? [...headlineCaseIds, startupCase.id] : startup ? [startupCase.id] : null;
  const filter = values.filter ?? (ids ? idsFilter(ids) : undefined);
  return {...o, headline, startup, quick, filter, impl, markdown, out, save, label, hasher, pool, beyond};
}

/** Where a run that is not saved writes its results: ignored by git, so a plain `make bench` leaves the tree clean. */
const scratchDir = fileURLToPath(new URL("../build/bench-results", import.meta.url));

/** Where the results go without --out: bench/results/ with --save, else build/bench-results/; a partial run's name ends in _headline or _startup. */
export function resultsFile(env, {headline, startup, save}) {
  const name = resultsFileName(env);
  const part = headline ? "_headline" : startup ? "_startup" : "";
  return join(save ? resultsDir : scratchDir, name.replace(/\.json$/, `${part}.json`));
}

/** The libraries of cases-hasher.js, loaded only for --hasher and --pool: hashtree's hasher where it loads. */
async function loadHasherLibs(notes) {
  const [pmt, asSha256Hasher, oursHasher] = await Promise.all([
    import("@chainsafe/persistent-merkle-tree"),
    import("@chainsafe/persistent-merkle-tree/hasher/as-sha256").then((m) => m.hasher),
    import("sha256-simd/hasher").then((m) => m.hasher),
  ]);
  const why = "hashtree hasher left out: @chainsafe/hashtree did not load";
  const hashtreeHasher = (await tryImport("@chainsafe/persistent-merkle-tree/hasher/hashtree", notes, why))?.hasher;
  return {ours, oursHasher, pmt, asSha256Hasher, hashtreeHasher};
}

/** The cases of cases-pool.js, with pools of 1, 2, 4, ... threads; loaded only for --pool. */
async function loadPoolCases(hasherLibs, hashtree) {
  const [{createHashPool}, {makePoolCases, threadCounts}, split] = await Promise.all([
    import("sha256-simd/pool"),
    import("./cases/cases-pool.js"),
    import("./cases/pool-split.js"),
  ]);
  const cores = os.availableParallelism?.() ?? os.cpus().length;
  const pools = [];
  for (const threads of threadCounts(cores)) pools.push({threads, pool: await createHashPool({threads})});
  const startSplit = (input) => split.startSplit(cores, input);
  const {cases, close} = await makePoolCases({...hasherLibs, hashtree, startSplit}, pools);
  return {cases, close: () => Promise.all([close(), ...pools.map(({pool}) => pool.close())])};
}

/** The cases of cases-beyond.js, against noble's HMAC, HKDF and PBKDF2 and node:crypto; loaded only for --beyond. */
async function loadBeyondCases() {
  const [{hkdf}, {hmac}, {pbkdf2}, {makeBeyondCases}, {nodeCrypto: native}] = await Promise.all([
    import("@noble/hashes/hkdf.js"),
    import("@noble/hashes/hmac.js"),
    import("@noble/hashes/pbkdf2.js"),
    import("./cases/cases-beyond.js"),
    import("./cases/beyond-native.js"),
  ]);
  return makeBeyondCases({ours, noble: {sha256: noble.sha256, hmac, hkdf, pbkdf2}, native: native(nodeCrypto)});
}

/** Progress on stderr: one line rewritten in place on a terminal, one line per case otherwise. */
function progressPrinter(stderr) {
  const tty = Boolean(stderr.isTTY);
  let lastCase = -1;
  return (p) => {
    const head = `[${String(p.caseIndex + 1).padStart(2)}/${p.caseCount}] ${p.caseId}`;
    if (tty) {
      const what = p.phase === "run" ? `round ${p.round + 1}/${p.rounds} ${p.impl}` : `${p.phase} ${p.impl ?? ""}`;
      stderr.write(`\r\x1b[K${head}  ${what}`);
    } else if (p.caseIndex !== lastCase) {
      stderr.write(`${head}\n`);
    }
    lastCase = p.caseIndex;
  };
}

/**
 * Runs the benchmark. Returns {doc, file, text}.
 * @param {string[]} argv  command-line arguments, without node and the script
 */
export async function main(argv, {stdout = process.stdout, stderr = process.stderr} = {}) {
  const opts = parseOptions(argv);
  const notes = [];
  // @chainsafe/hashtree is a native addon; where its binary does not load, it is left out.
  const hashtree = (await tryImport("@chainsafe/hashtree", notes, "@chainsafe/hashtree left out: its native binary did not load"))?.default;
  const libs = {ours, asSha256, hashWasm, noble, nodeCrypto, hashtree, webcrypto: globalThis.crypto?.subtle};
  let cases = await makeCases(libs);
  const hasherLibs = opts.hasher || opts.pool ? await loadHasherLibs(notes) : undefined;
  if (opts.hasher) cases.push(...(await import("./cases/cases-hasher.js")).makeHasherCases(hasherLibs));
  const pools = opts.pool ? await loadPoolCases(hasherLibs, hashtree) : undefined;
  if (pools) cases.push(...pools.cases);
  if (opts.beyond) cases.push(...(await loadBeyondCases()));
  cases = selectCases(cases, opts);
  if (opts.headline) cases = cases.filter((c) => headlineCaseIds.includes(c.id));
  const oracle = (m) => nodeCrypto.createHash("sha256").update(m).digest();
  const progress = progressPrinter(stderr);
  const results = await runCases(cases, {...opts, oracle, onProgress: progress});
  await pools?.close();
  const timeStartup = !opts.filter || new RegExp(opts.filter).test(startupCase.id);
  if (timeStartup) {
    const keep = (impl) => !opts.impl || new RegExp(opts.impl).test(impl);
    const at = {caseId: startupCase.id, caseIndex: cases.length, caseCount: cases.length + 1, phase: "run"};
    const onProgress = (p) => progress({...at, ...p});
    const oursImpl = ours.simdEnabled ? "ours-simd" : "ours-js";
    results.push(...(await runStartup({rounds: opts.startupRounds, oursImpl, oracle, keep, onProgress})));
  }

  if (stderr.isTTY) stderr.write("\r\x1b[K");

  const {rounds, time, warmupTime, batchMs, startupRounds, headline, startup, quick, filter, impl, hasher, pool, beyond} = opts;
  const options = {rounds, time, warmupTime, batchMs, startupRounds, quick, filter: filter ?? null, impl: impl ?? null, hasher, pool, beyond, headline, startup};
  const env = environment({simd: ours.simdEnabled, ...(opts.label ? {label: opts.label} : {})});
  const doc = makeResults({build: buildInfo(), env, options, results, notes});
  const file = opts.out ?? resultsFile(doc.env, opts);
  writeJson(file, doc);
  const text = formatResults(doc, timeStartup ? [...cases, startupCase] : cases, {markdown: opts.markdown});
  stdout.write(text);
  stderr.write(`results written to ${file}\n`);
  return {doc, file, text};
}

runIfScript(import.meta.url, main);
