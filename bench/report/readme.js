// The README's measured tables from the results files of bench/results/:
// generate() fills each section between its marker comments
// (<!-- bench:start NAME --> ... <!-- bench:end -->), so no figure in them is
// copied by hand; bench/readme.js (`make readme`, `make check-readme`) reads
// and writes README.md with it. Only results files whose build.wasm is the
// sha256 of every committed wasm/*.wasm file count (sameBuild): per
// engine, the newest full run (not --quick, no --filter or --impl), for the
// pool's and the beyond-* cases the newest run of those cases, and for the
// start-up case the newest run that has it. bench/sizes.js and bench/ssz.js
// print their tables with sizesTable and sszTable.
import {sameBuild} from "./results.js";
import {startupCase} from "../cases/startup.js";
import {formatRatio, formatTime, grid, implName} from "./table.js";

/** The engines, in table order: a results file's engine is its runtime, and for Node its major version. */
const engines = [
  ["node22", "Node 22"],
  ["node24", "Node 24"],
  ["node26", "Node 26"],
  ["deno", "Deno"],
  ["bun", "Bun"],
  ["chromium", "Chromium"],
  ["firefox", "Firefox"],
  ["webkitgtk", "WebKitGTK"],
];
/** The engine of the tables of one engine: the LTS line users run. */
const headlineEngine = "node24";

/** The keys of a map by engine: those of `engines` in its order, then the others. */
const inEngineOrder = (byEngine) => [
  ...engines.map(([key]) => key).filter((key) => byEngine.has(key)),
  ...[...byEngine.keys()].filter((key) => !engines.some(([k]) => k === key)),
];

function engineOf(env) {
  return env.runtime === "node" ? `node${String(env.runtimeVersion).split(".")[0]}` : env.runtime;
}

/** "Node 24.22.3 (V8 13.6)", "Bun 1.4.5 (JavaScriptCore)", "Chromium 156.0.8078.108". */
function engineName(env) {
  const name = (engines.find(([key]) => key === engineOf(env))?.[1] ?? env.runtime).replace(/ \d+$/, "");
  const v8 = env.v8 ? ` (V8 ${env.v8.split(".").slice(0, 2).join(".")})` : env.jsc ? " (JavaScriptCore)" : "";
  return `${name} ${env.runtimeVersion}${v8}`;
}

/**
 * The newest file per `key(doc)`, by default its engine, of the modules
 * `wasm` ({file name: sha256}) that `keep(doc, name)` accepts, by key.
 */
function newestRuns(files, wasm, keep, key = (doc) => engineOf(doc.env)) {
  const newest = new Map();
  for (const {name, doc} of files) {
    if (!sameBuild(doc.build, wasm) || !keep(doc, name)) continue;
    const k = key(doc);
    if (!newest.has(k) || newest.get(k).doc.env.date < doc.env.date) newest.set(k, {name, doc});
  }
  return newest;
}

/** A run of bench/node.js or the page, not --quick and with no --impl, whose options and results `more(options, results)` accepts. */
const fullRun = (more) => (doc) => Array.isArray(doc.results) && !doc.options?.quick && !doc.options?.impl && more(doc.options ?? {}, doc.results);

/** The newest full run of each engine (not --quick, and no --filter or --impl) of the modules `wasm`. */
export function matchingResults(files, wasm) {
  return newestRuns(files, wasm, fullRun((o) => !o.filter));
}

/**
 * The newest run of the committed modules per engine that timed the cases
 * of one section (ids starting with `prefix`) at full length: not --quick,
 * no --impl, and no --filter but `^prefix` (all of them), by engine.
 */
function sectionRuns(files, wasm, prefix) {
  return newestRuns(files, wasm, fullRun((o, results) => [undefined, null, `^${prefix}`].includes(o.filter) && results.some((r) => r.case.startsWith(prefix))));
}

/** "AMD EPYC (family 26, model 2, 2 cores)": the model name alone covers several CPUs. */
function cpuName(e) {
  const model = Number.isInteger(e.cpuFamily) ? `family ${e.cpuFamily}, model ${e.cpuModel}, ` : "";
  return `${e.cpu} (${model}${e.cores} cores)`;
}

/** ", commit 0123456789ab" where the build names its commit, else "". */
const commitNote = (build) => (build.commit ? `, commit ${build.commit.slice(0, 12)}` : "");

/** Where a table's figures come from: engine, CPU, how they were taken, commit and file. */
function source(name, doc, how = `${doc.options.rounds} interleaved rounds, best round`) {
  return `${engineName(doc.env)}, ${cpuName(doc.env)}, ${how}${commitNote(doc.build)}; from [\`bench/results/${name}\`](bench/results/${name}).`;
}

/** The ratio table's cases: as-sha256's time over ours on each engine. */
const ratioCases = [
  "hashInto-16",
  "hashInto-65536",
  "digest64",
  "digest2Bytes32Into",
  "digest64HashObjectsInto",
  "batchHash4UintArray64s",
  "batchHash4HashObjectInputs",
  "digest-1 KiB",
  "digest-1 MiB",
];

/** The headline table's columns after ours: every peer's time over ours, as-sha256 first. */
const peers = [
  ["as-sha256", "**as-sha256 ÷ ours**"],
  ["hash-wasm", "hash-wasm ÷ ours"],
  ["noble", "noble ÷ ours"],
  ["node-crypto", "node:crypto ÷ ours"],
  ["hashtree", "hashtree ÷ ours"],
];

const oursImpl = (doc) => (doc.env.simd ? "ours-simd" : "ours-js");
const row = (doc, caseId, impl) => doc.results.find((r) => r.case === caseId && r.impl === impl);

/**
 * A table of `doc`'s cases `ids`: each case's title, then a cell per column
 * [heading, impl, cell(row)], "–" where that impl has no correct row.
 */
function caseTable(doc, ids, columns) {
  const body = ids.map((id) => [
    doc.results.find((r) => r.case === id).title.replace(/^pool: /, ""),
    ...columns.map(([, impl, cell]) => {
      const r = row(doc, id, impl);
      return r?.correct ? cell(r) : "–";
    }),
  ]);
  return grid(["case", ...columns.map(([heading]) => heading)], body, true);
}

const time = (r) => formatTime(r.nsPerOp);
const timeOverOurs = (r) => formatRatio(r.ratioVsOurs);
const caseIdsOf = (doc, keep) => [...new Set(doc.results.map((r) => r.case))].filter(keep);

/** Every case of one results file: ours, the portable build, as-sha256, then each peer's time over ours. */
function headlineTable({name, doc}) {
  const ours = oursImpl(doc);
  // MB/s for the digests of 1 KiB and more.
  const withRate = (r) => time(r) + (r.mbPerSec > 0 && !r.case.endsWith(" B") && r.case.startsWith("digest-") ? ` (${r.mbPerSec.toFixed(0)} MB/s)` : "");
  const columns = [
    ["sha256-simd", ours, withRate],
    ["portable build", ours === "ours-simd" ? "ours-js" : null, time],
    ["as-sha256", "as-sha256", time],
    ...peers
      .filter(([impl]) => doc.results.some((r) => r.impl === impl))
      .map(([impl, label]) => [label, impl, impl === "as-sha256" ? (r) => `**${timeOverOurs(r)}**` : timeOverOurs]),
  ];
  // The pool's, the beyond-* and the start-up cases have tables of their own.
  return [source(name, doc), "", caseTable(doc, caseIdsOf(doc, (id) => !/^(pool|beyond|startup)-/.test(id)), columns)].join("\n");
}

function headlineSection(matching) {
  const found = matching.get(headlineEngine);
  return found ? headlineTable(found) : "No results file of Node 24 matches the committed modules.";
}

function ratioSection(matching) {
  const columns = inEngineOrder(matching);
  const lines = [];
  if (columns.length === 0) {
    lines.push("No results file in `bench/results/` matches the committed modules.");
  } else {
    const docs = columns.map((key) => matching.get(key).doc);
    const head = ["case", ...docs.map((doc) => engineName(doc.env))];
    const body = ratioCases.map((id) => [
      docs.map((doc) => row(doc, id, oursImpl(doc))?.title).find(Boolean) ?? id,
      ...docs.map((doc) => {
        const r = row(doc, id, oursImpl(doc));
        return r?.correct ? formatRatio(r.ratioVsAsSha256) : "–";
      }),
    ]);
    lines.push(grid(head, body, true), "");
    lines.push("From " + columns.map((key) => `[\`${matching.get(key).name}\`](bench/results/${matching.get(key).name})`).join(", ") + ".");
  }
  const missing = engines.filter(([key]) => !matching.has(key)).map(([, label]) => label);
  if (missing.length) lines.push(`Not shown, for want of a results file of the committed modules: ${missing.join(", ")}.`);
  return lines.join("\n");
}

/** The engines whose pool runs the README shows, in order of preference: Node 24, then 26. */
const poolEngines = ["node24", "node26"];

/** The newest pool run of the committed modules, on the first of poolEngines that has one. */
export function poolResults(files, wasm) {
  const runs = sectionRuns(files, wasm, "pool-");
  return runs.get(poolEngines.find((e) => runs.has(e))) ?? null;
}

/**
 * The pool's cases: the single-threaded package's time, the pool's at each
 * thread count with its speed-up over single-threaded, the fixed split of
 * pool-split.js where the run has it (the machine's ceiling), and hashtree's.
 */
function poolSection(found) {
  if (!found) return "No results file of the thread pool (`make bench`, Node 24 or 26) matches the committed modules.";
  const {name, doc} = found;
  const impls = [...new Set(doc.results.map((r) => r.impl))];
  const threads = impls.filter((impl) => /^pool-\d+$/.test(impl)).sort((a, b) => a.slice(5) - b.slice(5));
  const withSpeedUp = (r) => `${time(r)} (${formatRatio(1 / r.ratioVsOurs)})`;
  const columns = [
    ["single-threaded", "ours-simd", time],
    ...threads.map((impl) => [`${impl.slice(5)} threads (speed-up)`, impl, withSpeedUp]),
    ...impls.filter((impl) => /^split-\d+$/.test(impl)).map((impl) => [`ceiling: ${impl.slice(6)} threads, fixed split (speed-up)`, impl, withSpeedUp]),
    ["hashtree", "hashtree", time],
  ];
  return [source(name, doc), "", caseTable(doc, caseIdsOf(doc, (id) => id.startsWith("pool-")), columns)].join("\n");
}

/**
 * The start-up case (bench/cases/startup.js) from Node 24's newest run of it
 * of the committed modules, whatever else the run timed: each library's best
 * and median time to import and digest in a fresh process, and its time over
 * ours.
 */
function startupSection(files, wasm) {
  const found = newestRuns(files, wasm, fullRun((o, results) => results.some((r) => r.case === startupCase.id))).get(headlineEngine);
  if (!found) return "No results file of the start-up case (`make bench`) on Node 24 matches the committed modules.";
  const {name, doc} = found;
  const rows = doc.results.filter((r) => r.case === startupCase.id && r.correct);
  const body = rows.map((r) => [implName(r.impl), formatTime(r.nsPerOp), formatTime(r.nsPerOpMedian), formatRatio(r.ratioVsOurs)]);
  const how = `best and median of ${Math.max(...rows.map((r) => r.rounds))} fresh processes per library, taking turns`;
  return [source(name, doc, how), "", grid(["library", "best", "median", "time ÷ sha256-simd's"], body, true)].join("\n");
}

/** README text with each marked section replaced by sections[name]; throws on a missing or unknown marker. */
export function fillMarkers(text, sections) {
  const seen = new Set();
  const out = text.replace(/(<!-- bench:start (\S+) -->\n)[\s\S]*?(<!-- bench:end -->)/g, (_, start, name, end) => {
    if (!(name in sections)) throw new Error(`README.md: unknown section "${name}"`);
    seen.add(name);
    return `${start}${sections[name]}\n${end}`;
  });
  for (const name of Object.keys(sections)) {
    if (!seen.has(name)) throw new Error(`README.md: no <!-- bench:start ${name} --> ... <!-- bench:end --> section`);
  }
  return out;
}

/**
 * The portable backend against @noble/hashes, one row per engine, from the
 * newest portable_*.json file per engine of the committed modules
 * (bench/portable.js --save, make bench-portable).
 */
function portableSection(files, wasm) {
  const runs = [...newestRuns(files, wasm, (doc, name) => name.startsWith("portable_"), (doc) => doc.engine).values()];
  if (runs.length === 0) return "No portable_*.json file of the committed modules in `bench/results/`: run `make bench-portable`.";
  const cases = runs[0].doc.rows.map((r) => r.case);
  const lines = [
    `| engine | ${cases.join(" | ")} |`,
    `|---|${cases.map(() => "---").join("|")}|`,
    ...runs.map(({doc}) => `| ${doc.engine} | ${doc.rows.map((r) => `${r.ratioBest.toFixed(2)}× (median ${r.ratioMedian.toFixed(2)}×)`).join(" | ")} |`),
    "",
    "@noble/hashes' time over the portable backend's, best of 7 interleaved rounds; from " +
      runs.map(({name, doc}) => `[\`${name}\`](bench/results/${name}) (${cpuName(doc.env)}, ${doc.date})`).join(", ") + ".",
  ];
  return lines.join("\n");
}

/** How beyondSection heads the contenders of cases-beyond.js: each one's time over ours. */
const beyondLabels = [
  ["noble", "@noble/hashes"],
  ["node-crypto", "node:crypto"],
  ["webcrypto", "WebCrypto"],
  ["ours-one-shot", "sha256-simd's hmac() (key set up per call)"],
  ["ours-digest-loop", "sha256-simd's digest() in a loop"],
  ["ours-digest-joined", "sha256-simd's digest() of the joined parts"],
];

/**
 * HMAC, HKDF, PBKDF2, digestParts and digestMany against @noble/hashes and
 * node:crypto, from the headline engine's newest run of the beyond-* cases
 * (bench/node.js --beyond): each contender's time over sha256-simd's. The
 * other engines' runs are named after it.
 */
function beyondSection(files, wasm) {
  const runs = sectionRuns(files, wasm, "beyond-");
  const found = runs.get(headlineEngine);
  if (!found) return "No results file of the beyond-* cases (`bench/node.js --beyond`) on Node 24 matches the committed modules.";
  const {name, doc} = found;
  const columns = beyondLabels.filter(([impl]) => doc.results.some((r) => r.impl === impl)).map(([impl, label]) => [label, impl, timeOverOurs]);
  const others = inEngineOrder(runs).filter((e) => e !== headlineEngine).map((e) => `[\`${runs.get(e).name}\`](bench/results/${runs.get(e).name})`);
  return [
    source(name, doc),
    "",
    caseTable(doc, caseIdsOf(doc, (id) => id.startsWith("beyond-")), columns),
    ...(others.length ? ["", `Other engines: ${others.join(", ")}.`] : []),
  ].join("\n");
}

/** sszTable of the newest full ssz_*.json (bench/ssz.js) of the committed modules. */
function sszSection(files, wasm) {
  const found = newestRuns(files, wasm, (doc, name) => name.startsWith("ssz_") && !doc.options?.quick, () => "ssz").get("ssz");
  return found ? sszTable(found.doc, found.name) : "No ssz_*.json file of the committed modules in `bench/results/`.";
}

/**
 * ssz's BeaconState workload, as bench/ssz.js prints it and the README shows
 * it: a run's medians and bests per case and hasher, the pool's speed-up and
 * hashtree's time over ours; `name`, its file under bench/results/.
 */
export function sszTable(doc, name) {
  const e = doc.env;
  const w = doc.workload;
  const ids = doc.hashers.map((h) => h.id);
  const ms = (x) => formatTime(x * 1e6);
  // As the README's other tables: the pool's speed-up over one thread, and a
  // peer's time over ours.
  const head = ["case", ...doc.hashers.map((h) => h.label), "pool's speed-up", "hashtree ÷ sha256-simd"];
  const body = Object.entries(doc.cases).map(([id, title]) => {
    const s = doc.summary[id];
    const ratio = (a, b) => (s[a] && s[b] ? `${(s[a].medianMs / s[b].medianMs).toFixed(2)}×` : "–");
    return [title, ...ids.map((h) => `${ms(s[h].medianMs)} (best ${ms(s[h].bestMs)})`), ratio("ours", "pool"), ratio("hashtree", "ours")];
  });
  return [
    `Node ${e.runtimeVersion}, ${cpuName(e)}, ${w.validators.toLocaleString("en")} validators of which ${w.modified.toLocaleString("en")} modified, ` +
      `median of ${doc.options.rounds} interleaved runs (best in brackets), each on a fresh state` +
      (name ? `; from [\`${name}\`](bench/results/${name}).` : "."),
    "",
    grid(head, body, true),
  ].join("\n");
}

const sizesPeers = ["@chainsafe/as-sha256", "@noble/hashes"];

/**
 * bench/sizes.js's table (test/support/bundle-sizes.js's cases): one row per
 * import of sha256-simd, a column per library: gzipped bytes, "–" where a
 * peer has no equivalent.
 */
export function sizesTable(doc, markdown) {
  const cell = (c) => (c ? c.gzip.toLocaleString("en") : "–");
  const body = doc.cases
    .filter((c) => c.lib === "sha256-simd")
    .map((ours) => [ours.title, cell(ours), ...sizesPeers.map((lib) => cell(doc.cases.find((c) => c.lib === lib && c.sameAs === ours.id)))]);
  return grid(["import", "sha256-simd", ...sizesPeers], body, markdown);
}

/** sizesTable from bench/results/sizes.json (`make sizes`). */
export function sizesSection(files, wasm) {
  const doc = files.find((f) => f.name === "sizes.json" && sameBuild(f.doc.build, wasm))?.doc;
  if (!doc) return "No `bench/results/sizes.json` of the committed modules: run `make sizes`.";
  return [
    sizesTable(doc, true),
    "",
    `Gzipped bytes (level 9) of each import bundled by esbuild ${doc.esbuild} (minified ESM, platform browser, \`.wasm\` ` +
      `imports apart)${commitNote(doc.build)}; from [\`bench/results/sizes.json\`](bench/results/sizes.json). Each of as-sha256's is the same ` +
      "import of its names.",
    ...(doc.pieces ? ["", "Where the bytes of as-sha256's 17 names go: what the gzipped bundle loses without each piece.", "", grid(["piece", "bytes"], doc.pieces.map((p) => [p.title, p.gzip.toLocaleString("en")]), true)] : []),
  ].join("\n");
}

/** Bundlers and frameworks, from bench/results/consumers.json (`make test-consumers-save`, that is test/consumers/run.js --save). */
function consumersSection(files, wasm) {
  const doc = files.find((f) => f.name === "consumers.json" && sameBuild(f.doc.build, wasm))?.doc;
  if (!doc) return "No `bench/results/consumers.json` of the committed modules: run `make test-consumers-save`.";
  const yes = (x) => (x ? "yes" : "no");
  const bytes = (n) => (n === undefined ? "–" : n.toLocaleString("en"));
  const body = doc.rows.map((r) => [
    `${r.tool} ${r.version ?? ""}`.trim(),
    r.needs,
    `${r.builds.digest === undefined ? "–" : yes(r.builds.digest && r.runs.digest)} / ${yes(r.builds.all && r.runs.all)}`,
    `${bytes(r.bytes.digest)} / ${bytes(r.bytes.all)}`,
    r.pool ?? "–",
  ]);
  return [
    grid(["tool", "needs", "builds and runs: `digest` / everything", "gz bytes: `digest` / everything", "pool"], body, true),
    "",
    `Run under Node ${doc.node.slice(1)}${commitNote(doc.build)}; from [\`bench/results/consumers.json\`](bench/results/consumers.json).`,
  ].join("\n");
}

export function generate(readme, files, wasm) {
  const matching = matchingResults(files, wasm);
  return fillMarkers(readme, {
    headline: headlineSection(matching),
    engines: ratioSection(matching),
    pool: poolSection(poolResults(files, wasm)),
    portable: portableSection(files, wasm),
    beyond: beyondSection(files, wasm),
    startup: startupSection(files, wasm),
    sizes: sizesSection(files, wasm),
    consumers: consumersSection(files, wasm),
    ssz: sszSection(files, wasm),
  });
}
