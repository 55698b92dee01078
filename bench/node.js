// The Node benchmark: the cases of cases/, ours against each peer, in one
// process. Progress goes to stderr, the table to stdout, the results JSON
// (bench/results/README.md) to build/bench-results/, which git ignores, or with
// --save to bench/results/, which the README and the page read. The options are
// parseOptions' below; CONTRIBUTING.md's Benchmarks section says what each run is for.
//
//   node bench/node.js [--headline | --startup] [--quick] [--hasher] [--pool] [--beyond] [--save | --out FILE]
import * as asSha256 from "@chainsafe/as-sha256";
import {hkdf} from "@noble/hashes/hkdf.js";
import {hmac} from "@noble/hashes/hmac.js";
import {pbkdf2} from "@noble/hashes/pbkdf2.js";
import * as noble from "@noble/hashes/sha2.js";
import * as hashWasm from "hash-wasm";
import * as nodeCrypto from "node:crypto";
import os from "node:os";
import {join} from "node:path";
import {fileURLToPath} from "node:url";
import {parseArgs} from "node:util";
import * as ours from "sha256-simd";
import {nodeCrypto as platformSha256} from "./cases/beyond-native.js";
import {headlineCaseIds, makeCases} from "./cases/cases.js";
import {makeBeyondCases} from "./cases/cases-beyond.js";
import {makeHasherCases} from "./cases/cases-hasher.js";
import {idsFilter, selectCases} from "./cases/common.js";
import {buildInfo, environment, resultsDir, runIfScript, tryImport, writeJson} from "./report/results-files.js";
import {makeResults, resultsFileName} from "./report/results.js";
import {defaultOptions, runCases} from "./timing/runner.js";
import {runStartup, startupCase, startupRounds} from "./cases/startup.js";
import {formatResults} from "./report/table.js";

/** --quick: enough to run every contender of every case, not to measure. */
const quickOptions = {rounds: 2, time: 2, warmupTime: 0, batchMs: 0.2, startupRounds: startupRounds.quick};

/** The numeric options, each a number >= 0: their flag and their key in the options. */
const numbers = {rounds: "rounds", time: "time", "warmup-time": "warmupTime", "batch-ms": "batchMs"};

export function parseOptions(argv) {
  const flag = {type: "boolean", default: false};
  const text = {type: "string"};
  const {values} = parseArgs({
    args: argv,
    options: {
      headline: flag, startup: flag, quick: flag, hasher: flag, pool: flag, beyond: flag, markdown: flag, save: flag,
      rounds: text, time: text, "warmup-time": text, "batch-ms": text, filter: text, impl: text, out: text, label: text,
    },
  });
  const o = {...defaultOptions, startupRounds: startupRounds.full, ...(values.quick ? quickOptions : {})};
  for (const [name, key] of Object.entries(numbers)) {
    if (values[name] === undefined) continue;
    o[key] = Number(values[name]);
    if (!(o[key] >= 0)) throw new Error(`--${name} must be a number >= 0, got ${values[name]}`);
  }
  if (o.rounds < 1) throw new Error("--rounds must be at least 1");
  const {headline, startup, quick, markdown, out, save, label, hasher, pool, beyond} = values;
  // --headline's and --startup's case ids as the filter, which keeps such partial runs out of the README's tables.
  const ids = headline ? [...headlineCaseIds, startupCase.id] : startup ? [startupCase.id] : null;
  const filter = values.filter ?? (ids ? idsFilter(ids) : null);
  return {...o, quick, filter, impl: values.impl ?? null, hasher, pool, beyond, headline, startup, markdown, out, save, label};
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
  const [{createHashPool}, {makePoolCases}, split] = await Promise.all([
    import("sha256-simd/pool"),
    import("./cases/cases-pool.js"),
    import("./cases/pool-split.js"),
  ]);
  const cores = os.availableParallelism?.() ?? os.cpus().length;
  const startSplit = (input) => split.startSplit(cores, input);
  return makePoolCases({...hasherLibs, hashtree, startSplit}, cores, (threads) => createHashPool({threads}));
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

/** Runs the benchmark on `argv` (without node and the script); returns {doc, file, text}. */
export async function main(argv, {stdout = process.stdout, stderr = process.stderr} = {}) {
  const opts = parseOptions(argv);
  const notes = [];
  // @chainsafe/hashtree is a native addon; where its binary does not load, it is left out.
  const hashtree = (await tryImport("@chainsafe/hashtree", notes, "@chainsafe/hashtree left out: its native binary did not load"))?.default;
  const libs = {ours, asSha256, hashWasm, noble, nodeCrypto, hashtree, webcrypto: globalThis.crypto?.subtle};
  let cases = await makeCases(libs);
  const hasherLibs = opts.hasher || opts.pool ? await loadHasherLibs(notes) : undefined;
  if (opts.hasher) cases.push(...makeHasherCases(hasherLibs));
  const pools = opts.pool ? await loadPoolCases(hasherLibs, hashtree) : undefined;
  if (pools) cases.push(...pools.cases);
  if (opts.beyond) cases.push(...(await makeBeyondCases({ours, noble: {sha256: noble.sha256, hmac, hkdf, pbkdf2}, native: platformSha256(nodeCrypto)})));
  cases = selectCases(cases, opts);
  if (opts.headline) cases = cases.filter((c) => headlineCaseIds.includes(c.id));
  const oracle = (m) => nodeCrypto.createHash("sha256").update(m).digest();
  const progress = progressPrinter(stderr);
  const results = await runCases(cases, {...opts, oracle, onProgress: progress});
  await pools?.close();
  // The start-up case runs where the filter keeps its id: full runs, --headline's and --startup's.
  const timeStartup = !opts.filter || new RegExp(opts.filter).test(startupCase.id);
  if (timeStartup) {
    const keep = (impl) => !opts.impl || new RegExp(opts.impl).test(impl);
    const at = {caseId: startupCase.id, caseIndex: cases.length, caseCount: cases.length + 1, phase: "run"};
    const onProgress = (p) => progress({...at, ...p});
    const oursImpl = ours.simdEnabled ? "ours-simd" : "ours-js";
    results.push(...(await runStartup({rounds: opts.startupRounds, oursImpl, oracle, keep, onProgress})));
  }

  if (stderr.isTTY) stderr.write("\r\x1b[K");

  const {markdown, out, save, label, ...options} = opts;
  const env = environment({simd: ours.simdEnabled, ...(label ? {label} : {})});
  const doc = makeResults({build: buildInfo(), env, options, results, notes});
  const file = out ?? resultsFile(doc.env, opts);
  writeJson(file, doc);
  const text = formatResults(doc, timeStartup ? [...cases, startupCase] : cases, {markdown});
  stdout.write(text);
  stderr.write(`results written to ${file}\n`);
  return {doc, file, text};
}

runIfScript(import.meta.url, main);
