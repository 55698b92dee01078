// The README's measured tables, generated from bench/results/ so no figure is
// copied by hand. Only the newest run per table of the committed wasm/*.wasm
// (sameBuild) counts: other modules' figures say nothing of those shipped.
import {startupCase} from "../cases/startup.js";
import {sameBuild} from "./results.js";
import {formatRatio, formatTime, grid, implName} from "./table.js";

/** The engines in table order, by key: a results file's runtime, and for Node its major version. */
const engines = {
  node22: "Node 22", node24: "Node 24", node26: "Node 26", deno: "Deno", bun: "Bun",
  chromium: "Chromium", firefox: "Firefox", webkitgtk: "WebKitGTK",
};
/** The engine of the tables of one engine: the LTS line users run. */
const headlineEngine = "node24";
/** The engines whose pool runs the README shows, in order of preference. */
const poolEngines = ["node24", "node26"];

const engineOf = (env) => (env.runtime === "node" ? `node${String(env.runtimeVersion).split(".")[0]}` : env.runtime);

/** The keys of a map by engine: those of `engines` in its order, then the others. */
const inEngineOrder = (byEngine) => [
  ...Object.keys(engines).filter((key) => byEngine.has(key)),
  ...[...byEngine.keys()].filter((key) => !Object.hasOwn(engines, key)),
];

/** "Node 24.22.3 (V8 13.6)", "Bun 1.4.5 (JavaScriptCore)", "Chromium 156.0.8078.108". */
function engineName(env) {
  const name = (engines[engineOf(env)] ?? env.runtime).replace(/ \d+$/, "");
  const v8 = env.v8 ? ` (V8 ${env.v8.split(".").slice(0, 2).join(".")})` : env.jsc ? " (JavaScriptCore)" : "";
  return `${name} ${env.runtimeVersion}${v8}`;
}

/** "AMD EPYC (family 26, model 2, 2 cores)": the model name alone covers several CPUs. */
function cpuName(e) {
  const model = Number.isInteger(e.cpuFamily) ? `family ${e.cpuFamily}, model ${e.cpuModel}, ` : "";
  return `${e.cpu} (${model}${e.cores} cores)`;
}

/** Per `key(doc)` (by default its engine), the newest file of the modules `wasm` ({file name: sha256}) that `keep(doc, name)` accepts. */
function newestRuns(files, wasm, keep, key = (doc) => engineOf(doc.env)) {
  const newest = new Map();
  for (const {name, doc} of files) {
    if (!sameBuild(doc.build, wasm) || !keep(doc, name)) continue;
    const k = key(doc);
    if (!newest.has(k) || newest.get(k).doc.env.date < doc.env.date) newest.set(k, {name, doc});
  }
  return newest;
}

/** The results file `name` of the modules `wasm`, as {name, doc}. */
const fileOf = (files, wasm, name) => files.find((f) => f.name === name && sameBuild(f.doc.build, wasm));

/** A run of bench/node.js or the page, not --quick and with no --impl, whose options and results `more(options, results)` accepts. */
const fullRun = (more) => (doc) => Array.isArray(doc.results) && !doc.options?.quick && !doc.options?.impl && more(doc.options ?? {}, doc.results);

/** The newest full run of each engine (not --quick, and no --filter or --impl) of the modules `wasm`. */
export function matchingResults(files, wasm) {
  return newestRuns(files, wasm, fullRun((o) => !o.filter));
}

/** Per engine, the newest full run that timed all the cases whose ids start with `prefix`: no --filter, or `^prefix`. */
function sectionRuns(files, wasm, prefix) {
  return newestRuns(files, wasm, fullRun((o, results) => [undefined, null, `^${prefix}`].includes(o.filter) && results.some((r) => r.case.startsWith(prefix))));
}

/** The newest pool run of the committed modules, on the first of poolEngines that has one. */
export function poolResults(files, wasm) {
  const runs = sectionRuns(files, wasm, "pool-");
  return runs.get(poolEngines.find((e) => runs.has(e))) ?? null;
}

/** A Markdown link to the results file `name`, reading `text`. */
const link = (name, text = name) => `[\`${text}\`](bench/results/${name})`;
/** ", commit 0123456789ab" where the build names its commit, else "". */
const commitNote = (build) => (build.commit ? `, commit ${build.commit.slice(0, 12)}` : "");
/** "; from" the results file `name`. */
const from = (name) => `; from ${link(name, `bench/results/${name}`)}`;

/** Where a table's figures come from: engine, CPU, how they were taken, commit and file. */
function source(name, doc, how = `${doc.options.rounds} interleaved rounds, best round`) {
  return `${engineName(doc.env)}, ${cpuName(doc.env)}, ${how}${commitNote(doc.build)}${from(name)}.`;
}

const oursImpl = (doc) => (doc.env.simd ? "ours-simd" : "ours-js");
const row = (doc, caseId, impl) => doc.results.find((r) => r.case === caseId && r.impl === impl);
const time = (r) => formatTime(r.nsPerOp);
const timeOverOurs = (r) => formatRatio(r.ratioVsOurs);
const has = (doc, impl) => doc.results.some((r) => r.impl === impl);
/** cell(r) where `r` is a correct row, else "–". */
const ifCorrect = (r, cell) => (r?.correct ? cell(r) : "–");

/** A run's `source`, then its cases that `keep(id)` accepts with a cell per column [heading, impl, cell(row)], "–" where impl has no correct row. */
function caseTable({name, doc}, keep, columns) {
  const ids = [...new Set(doc.results.map((r) => r.case))].filter(keep);
  const body = ids.map((id) => [
    doc.results.find((r) => r.case === id).title.replace(/^pool: /, ""),
    ...columns.map(([, impl, cell]) => ifCorrect(row(doc, id, impl), cell)),
  ]);
  return [source(name, doc), "", grid(["case", ...columns.map(([heading]) => heading)], body, true)].join("\n");
}

/** Every case of one run but those with tables of their own: ours, the portable build, as-sha256, then each peer's time over ours. */
function headlineSection(found) {
  if (!found) return "No results file of Node 24 matches the committed modules.";
  const ours = oursImpl(found.doc);
  // MB/s for the digests of 1 KiB and more.
  const withRate = (r) => time(r) + (r.mbPerSec > 0 && !r.case.endsWith(" B") && r.case.startsWith("digest-") ? ` (${r.mbPerSec.toFixed(0)} MB/s)` : "");
  const peers = ["as-sha256", "hash-wasm", "noble", "node-crypto", "hashtree"].filter((impl) => has(found.doc, impl));
  const bold = (impl, text) => (impl === "as-sha256" ? `**${text}**` : text); // the ratio that counts
  return caseTable(found, (id) => !/^(pool|beyond|startup)-/.test(id), [
    ["sha256-simd", ours, withRate],
    ["portable build", ours === "ours-simd" ? "ours-js" : null, time],
    ["as-sha256", "as-sha256", time],
    ...peers.map((impl) => [bold(impl, `${implName(impl)} ÷ ours`), impl, (r) => bold(impl, timeOverOurs(r))]),
  ]);
}

/** The ratio table's cases: as-sha256's time over ours on each engine. */
const ratioCases = [
  "hashInto-16", "hashInto-65536", "digest64", "digest2Bytes32Into", "digest64HashObjectsInto",
  "batchHash4UintArray64s", "batchHash4HashObjectInputs", "digest-1 KiB", "digest-1 MiB",
];

/** As-sha256's time over ours for ratioCases, a column per engine, then the engines with no run. */
function ratioSection(matching) {
  const columns = inEngineOrder(matching);
  const docs = columns.map((key) => matching.get(key).doc);
  const body = ratioCases.map((id) => [
    docs.map((doc) => row(doc, id, oursImpl(doc))?.title).find(Boolean) ?? id,
    ...docs.map((doc) => ifCorrect(row(doc, id, oursImpl(doc)), (r) => formatRatio(r.ratioVsAsSha256))),
  ]);
  const lines = columns.length
    ? [grid(["case", ...docs.map((doc) => engineName(doc.env))], body, true), "", `From ${columns.map((key) => link(matching.get(key).name)).join(", ")}.`]
    : ["No results file in `bench/results/` matches the committed modules."];
  const missing = Object.keys(engines).filter((key) => !matching.has(key));
  if (missing.length) lines.push(`Not shown, for want of a results file of the committed modules: ${missing.map((key) => engines[key]).join(", ")}.`);
  return lines.join("\n");
}

/** The pool's cases: single-threaded, each thread count's time and speed-up, pool-split.js's fixed split (the machine's ceiling), hashtree. */
function poolSection(found) {
  if (!found) return "No results file of the thread pool (`make bench`, Node 24 or 26) matches the committed modules.";
  const impls = [...new Set(found.doc.results.map((r) => r.impl))];
  const threads = impls.filter((impl) => /^pool-\d+$/.test(impl)).sort((a, b) => a.slice(5) - b.slice(5));
  const withSpeedUp = (r) => `${time(r)} (${formatRatio(1 / r.ratioVsOurs)})`;
  return caseTable(found, (id) => id.startsWith("pool-"), [
    ["single-threaded", "ours-simd", time],
    ...threads.map((impl) => [`${impl.slice(5)} threads (speed-up)`, impl, withSpeedUp]),
    ...impls.filter((impl) => /^split-\d+$/.test(impl)).map((impl) => [`ceiling: ${impl.slice(6)} threads, fixed split (speed-up)`, impl, withSpeedUp]),
    ["hashtree", "hashtree", time],
  ]);
}

/** Each library's best and median time to import and digest in a fresh process, from Node 24's newest run of the start-up case with any others. */
function startupSection(files, wasm) {
  const found = newestRuns(files, wasm, fullRun((o, results) => results.some((r) => r.case === startupCase.id))).get(headlineEngine);
  if (!found) return "No results file of the start-up case (`make bench`) on Node 24 matches the committed modules.";
  const rows = found.doc.results.filter((r) => r.case === startupCase.id && r.correct);
  const body = rows.map((r) => [implName(r.impl), formatTime(r.nsPerOp), formatTime(r.nsPerOpMedian), formatRatio(r.ratioVsOurs)]);
  const how = `best and median of ${Math.max(...rows.map((r) => r.rounds))} fresh processes per library, taking turns`;
  return [source(found.name, found.doc, how), "", grid(["library", "best", "median", "time ÷ sha256-simd's"], body, true)].join("\n");
}

/** README text with each marked section replaced by sections[name]; throws on a missing or unknown marker. */
export function fillMarkers(text, sections) {
  const seen = new Set();
  const out = text.replace(/(<!-- bench:start (\S+) -->\n)[\s\S]*?(<!-- bench:end -->)/g, (_, start, name, end) => {
    if (!(name in sections)) throw new Error(`README.md: unknown section "${name}"`);
    seen.add(name);
    return `${start}${sections[name]}\n${end}`;
  });
  const absent = Object.keys(sections).find((name) => !seen.has(name));
  if (absent) throw new Error(`README.md: no <!-- bench:start ${absent} --> ... <!-- bench:end --> section`);
  return out;
}

/** The portable backend against @noble/hashes, a row per engine, from its newest portable_*.json (make bench-portable). */
function portableSection(files, wasm) {
  const runs = [...newestRuns(files, wasm, (doc, name) => name.startsWith("portable_"), (doc) => doc.engine).values()];
  if (runs.length === 0) return "No portable_*.json file of the committed modules in `bench/results/`: run `make bench-portable`.";
  const cases = runs[0].doc.rows.map((r) => r.case);
  return [
    `| engine | ${cases.join(" | ")} |`,
    `|---|${cases.map(() => "---").join("|")}|`,
    ...runs.map(({doc}) => `| ${doc.engine} | ${doc.rows.map((r) => `${r.ratioBest.toFixed(2)}× (median ${r.ratioMedian.toFixed(2)}×)`).join(" | ")} |`),
    "",
    "@noble/hashes' time over the portable backend's, best of 7 interleaved rounds; from " +
      runs.map(({name, doc}) => `${link(name)} (${cpuName(doc.env)}, ${doc.date})`).join(", ") + ".",
  ].join("\n");
}

/** How beyondSection heads the contenders of cases-beyond.js: each one's time over ours. */
const beyondLabels = {
  noble: "@noble/hashes", "node-crypto": "node:crypto", webcrypto: "WebCrypto",
  "ours-one-shot": "sha256-simd's hmac() (key set up per call)", "ours-digest-loop": "sha256-simd's digest() in a loop",
  "ours-digest-joined": "sha256-simd's digest() of the joined parts",
};

/** Each contender's time over ours in the beyond-* cases (HMAC, HKDF, PBKDF2, ...) on Node 24, naming the other engines' runs after it. */
function beyondSection(files, wasm) {
  const runs = sectionRuns(files, wasm, "beyond-");
  const found = runs.get(headlineEngine);
  if (!found) return "No results file of the beyond-* cases (`bench/node.js --beyond`) on Node 24 matches the committed modules.";
  const columns = Object.entries(beyondLabels).filter(([impl]) => has(found.doc, impl)).map(([impl, label]) => [label, impl, timeOverOurs]);
  const others = inEngineOrder(runs).filter((e) => e !== headlineEngine).map((e) => link(runs.get(e).name));
  return caseTable(found, (id) => id.startsWith("beyond-"), columns) + (others.length ? `\n\nOther engines: ${others.join(", ")}.` : "");
}

/** ssz's BeaconState workload (bench/ssz.js prints it too): medians and bests per case and hasher; `name`, its file under bench/results/. */
export function sszTable(doc, name) {
  const e = doc.env;
  const w = doc.workload;
  const ms = (x) => formatTime(x * 1e6);
  // As the README's other tables: the pool's speed-up over one thread, a peer's time over ours.
  const head = ["case", ...doc.hashers.map((h) => h.label), "pool's speed-up", "hashtree ÷ sha256-simd"];
  const body = Object.entries(doc.cases).map(([id, title]) => {
    const s = doc.summary[id];
    const ratio = (a, b) => (s[a] && s[b] ? `${(s[a].medianMs / s[b].medianMs).toFixed(2)}×` : "–");
    return [title, ...doc.hashers.map((h) => `${ms(s[h.id].medianMs)} (best ${ms(s[h.id].bestMs)})`), ratio("ours", "pool"), ratio("hashtree", "ours")];
  });
  return [
    `Node ${e.runtimeVersion}, ${cpuName(e)}, ${w.validators.toLocaleString("en")} validators of which ${w.modified.toLocaleString("en")} modified, ` +
      `median of ${doc.options.rounds} interleaved runs (best in brackets), each on a fresh state${name ? `; from ${link(name)}` : ""}.`,
    "",
    grid(head, body, true),
  ].join("\n");
}

/** bench/sizes.js's table: gzipped bytes of each import of sha256-simd, and of each peer's equivalent ("–" where it has none). */
export function sizesTable(doc, markdown) {
  const peers = ["@chainsafe/as-sha256", "@noble/hashes"];
  const cell = (c) => (c ? c.gzip.toLocaleString("en") : "–");
  const body = doc.cases
    .filter((c) => c.lib === "sha256-simd")
    .map((ours) => [ours.title, cell(ours), ...peers.map((lib) => cell(doc.cases.find((c) => c.lib === lib && c.sameAs === ours.id)))]);
  return grid(["import", "sha256-simd", ...peers], body, markdown);
}

/** sizesTable from bench/results/sizes.json (`make sizes`), and where the bytes of as-sha256's names go. */
export function sizesSection(files, wasm) {
  const doc = fileOf(files, wasm, "sizes.json")?.doc;
  if (!doc) return "No `bench/results/sizes.json` of the committed modules: run `make sizes`.";
  const pieces = doc.pieces && grid(["piece", "bytes"], doc.pieces.map((p) => [p.title, p.gzip.toLocaleString("en")]), true);
  return [
    sizesTable(doc, true),
    "",
    `Gzipped bytes (level 9) of each import bundled by esbuild ${doc.esbuild} (minified ESM, platform browser, \`.wasm\` ` +
      `imports apart)${commitNote(doc.build)}${from("sizes.json")}. Each of as-sha256's is the same import of its names.`,
    ...(pieces ? ["", "Where the bytes of as-sha256's 17 names go: what the gzipped bundle loses without each piece.", "", pieces] : []),
  ].join("\n");
}

/** Bundlers and frameworks, from bench/results/consumers.json (`make test-consumers-save`, that is test/consumers/run.js --save). */
function consumersSection(files, wasm) {
  const doc = fileOf(files, wasm, "consumers.json")?.doc;
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
  const head = ["tool", "needs", "builds and runs: `digest` / everything", "gz bytes: `digest` / everything", "pool"];
  return [grid(head, body, true), "", `Run under Node ${doc.node.slice(1)}${commitNote(doc.build)}${from("consumers.json")}.`].join("\n");
}

/** The README text `readme` with every measured table generated from `files` ([{name, doc}]) of the modules `wasm`. */
export function generate(readme, files, wasm) {
  const matching = matchingResults(files, wasm);
  const ssz = newestRuns(files, wasm, (doc, name) => name.startsWith("ssz_") && !doc.options?.quick, () => "ssz").get("ssz");
  return fillMarkers(readme, {
    headline: headlineSection(matching.get(headlineEngine)),
    engines: ratioSection(matching),
    pool: poolSection(poolResults(files, wasm)),
    portable: portableSection(files, wasm),
    beyond: beyondSection(files, wasm),
    startup: startupSection(files, wasm),
    sizes: sizesSection(files, wasm),
    consumers: consumersSection(files, wasm),
    ssz: ssz ? sszTable(ssz.doc, ssz.name) : "No ssz_*.json file of the committed modules in `bench/results/`.",
  });
}
