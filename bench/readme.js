// Writes the README's measured tables from bench/results/, between marker
// comments (<!-- bench:start NAME --> ... <!-- bench:end -->), so no figure in
// them is copied by hand. Only results files whose build.simdWasmSha256 is the
// committed SIMD module's count, the newest full run per engine
// (not --quick, no --filter or --impl).
//
//   node bench/readme.js [--check]
//
// --check writes nothing and fails if README.md differs from what it would write.
import {readdirSync, readFileSync, writeFileSync} from "node:fs";
import {join, resolve} from "node:path";
import {fileURLToPath, pathToFileURL} from "node:url";
import {parseArgs} from "node:util";
import {packageDir, sha256Hex} from "./build-info.js";
import {sszSection} from "./readme-ssz.js";
import {formatRatio, formatTime, grid} from "./table.js";

const resultsDir = fileURLToPath(new URL("results", import.meta.url));
const readmePath = join(packageDir, "README.md");

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
const headlineEngines = ["node24"];

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

export function engineOf(env) {
  return env.runtime === "node" ? `node${String(env.runtimeVersion).split(".")[0]}` : env.runtime;
}

/** "Node 24.22.3 (V8 13.6)", "Bun 1.4.5 (JavaScriptCore)", "Chromium 156.0.8078.108". */
function engineName(env) {
  const name = (engines.find(([key]) => key === engineOf(env))?.[1] ?? env.runtime).replace(/ \d+$/, "");
  const v8 = env.v8 ? ` (V8 ${env.v8.split(".").slice(0, 2).join(".")})` : env.jsc ? " (JavaScriptCore)" : "";
  return `${name} ${env.runtimeVersion}${v8}`;
}

const oursImpl = (doc) => (doc.env.simd ? "ours-simd" : "ours-scalar");
const row = (doc, caseId, impl) => doc.results.find((r) => r.case === caseId && r.impl === impl);

/** A run of every case at full length: not --quick, and no --filter or --impl. */
const fullRun = (options) => !options?.quick && !options?.filter && !options?.impl;

/** The newest full run of each engine whose SIMD module is `simdSha256`, by engine. */
export function matchingResults(files, simdSha256) {
  const newest = new Map();
  for (const {name, doc} of files) {
    if (!Array.isArray(doc.results) || doc.build?.simdWasmSha256 !== simdSha256 || !fullRun(doc.options)) continue;
    const engine = engineOf(doc.env);
    if (!newest.has(engine) || newest.get(engine).doc.env.date < doc.env.date) newest.set(engine, {name, doc});
  }
  return newest;
}

function source(name, doc) {
  const e = doc.env;
  const commit = doc.build.commit ? `, commit ${doc.build.commit.slice(0, 12)}` : "";
  return (
    `${engineName(e)}, ${e.cpu} (${e.cores} cores), ${doc.options.rounds} interleaved rounds, best round` +
    `${commit}; from [\`bench/results/${name}\`](bench/results/${name}).`
  );
}

/** Every case of one results file: ours, the scalar module, as-sha256, then each peer's time over ours. */
function headlineTable({name, doc}) {
  const ours = oursImpl(doc);
  const present = peers.filter(([impl]) => doc.results.some((r) => r.impl === impl));
  const head = ["case", "sha256-simd", "scalar module", "as-sha256", ...present.map(([, label]) => label)];
  const caseIds = [...new Set(doc.results.map((r) => r.case))];
  const body = caseIds.map((id) => {
    const mine = row(doc, id, ours);
    const time = (r) => (r?.correct ? formatTime(r.nsPerOp) : "–");
    const rate = Number.isFinite(mine?.mbPerSec) && mine.mbPerSec > 0 && id.startsWith("digest-") && !id.endsWith(" B");
    const ratios = present.map(([impl]) => {
      const r = row(doc, id, impl);
      const text = r?.correct ? formatRatio(r.ratioVsOurs) : "–";
      return impl === "as-sha256" && text !== "–" ? `**${text}**` : text;
    });
    return [
      mine?.title ?? id,
      mine ? `${time(mine)}${rate ? ` (${mine.mbPerSec.toFixed(0)} MB/s)` : ""}` : "–",
      ours === "ours-simd" ? time(row(doc, id, "ours-scalar")) : "–",
      time(row(doc, id, "as-sha256")),
      ...ratios,
    ];
  });
  const lines = [source(name, doc), "", grid(head, body, true)];
  return lines.join("\n");
}

function headlineSection(matching) {
  const parts = [];
  for (const engine of headlineEngines) {
    const label = engines.find(([key]) => key === engine)[1];
    const found = matching.get(engine);
    parts.push(`#### ${label}`, "");
    parts.push(found ? headlineTable(found) : `No results file for ${label} matches the committed module.`, "");
  }
  return parts.join("\n").trimEnd();
}

function ratioSection(matching) {
  const shown = engines.filter(([key]) => matching.has(key));
  const others = [...matching.keys()].filter((key) => !engines.some(([k]) => k === key)).map((key) => [key, key]);
  const columns = [...shown, ...others];
  const lines = [];
  if (columns.length === 0) {
    lines.push("No results file in `bench/results/` matches the committed module.");
  } else {
    const docs = columns.map(([key]) => matching.get(key).doc);
    const head = ["case", ...docs.map((doc) => engineName(doc.env))];
    const body = ratioCases.map((id) => [
      docs.map((doc) => row(doc, id, oursImpl(doc))?.title).find(Boolean) ?? id,
      ...docs.map((doc) => {
        const r = row(doc, id, oursImpl(doc));
        return r?.correct ? formatRatio(r.ratioVsAsSha256) : "–";
      }),
    ]);
    lines.push(grid(head, body, true), "");
    lines.push("From " + columns.map(([key]) => `[\`${matching.get(key).name}\`](bench/results/${matching.get(key).name})`).join(", ") + ".");
  }
  const missing = engines.filter(([key]) => !matching.has(key)).map(([, label]) => label);
  if (missing.length) lines.push(`Not shown, for want of a results file of the committed module: ${missing.join(", ")}.`);
  return lines.join("\n");
}

/** A run of every pool case at full length: not --quick, no --impl, and no --filter but ^pool- (all of them). */
const poolRun = (doc) =>
  Array.isArray(doc.results) &&
  !doc.options?.quick &&
  !doc.options?.impl &&
  [undefined, null, "^pool-"].includes(doc.options?.filter) &&
  doc.results.some((r) => r.case.startsWith("pool-"));
/** The engines whose pool runs the README shows, in order of preference: the pool's targets are set on Node 24. */
const poolEngines = ["node24", "node26"];

/** The newest pool run of the committed module, on the first of poolEngines that has one. */
export function poolResults(files, simdSha256) {
  const runs = files.filter(({doc}) => doc.build?.simdWasmSha256 === simdSha256 && poolRun(doc));
  for (const engine of poolEngines) {
    const mine = runs.filter(({doc}) => engineOf(doc.env) === engine).sort((a, b) => (a.doc.env.date < b.doc.env.date ? 1 : -1));
    if (mine.length) return mine[0];
  }
  return null;
}

/**
 * The pool's cases: the single-threaded package's time, the pool's at each
 * thread count with its speed-up over single-threaded, the fixed split of
 * pool-split.js where the run has it (the machine's ceiling), and hashtree's.
 */
function poolSection(found) {
  if (!found) return "No results file of the thread pool (`make bench`, Node 24 or 26) matches the committed module.";
  const {name, doc} = found;
  const caseIds = [...new Set(doc.results.filter((r) => r.case.startsWith("pool-")).map((r) => r.case))];
  const poolImpls = [...new Set(doc.results.map((r) => r.impl).filter((impl) => /^pool-\d+$/.test(impl)))].sort(
    (a, b) => Number(a.slice(5)) - Number(b.slice(5)),
  );
  const splitImpl = doc.results.map((r) => r.impl).find((impl) => /^split-\d+$/.test(impl));
  const time = (r) => (r?.correct ? formatTime(r.nsPerOp) : "–");
  const withSpeedUp = (r) => (r?.correct ? `${formatTime(r.nsPerOp)} (${formatRatio(1 / r.ratioVsOurs)})` : "–");
  const head = [
    "case",
    "single-threaded",
    ...poolImpls.map((impl) => `${impl.slice(5)} threads (speed-up)`),
    ...(splitImpl ? [`ceiling: ${splitImpl.slice(6)} threads, fixed split (speed-up)`] : []),
    "hashtree",
  ];
  const body = caseIds.map((id) => {
    const single = row(doc, id, "ours-simd");
    return [
      (single?.title ?? id).replace(/^pool: /, ""),
      time(single),
      ...poolImpls.map((impl) => withSpeedUp(row(doc, id, impl))),
      ...(splitImpl ? [withSpeedUp(row(doc, id, splitImpl))] : []),
      time(row(doc, id, "hashtree")),
    ];
  });
  return [source(name, doc), "", grid(head, body, true)].join("\n");
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

export function readResults(dir = resultsDir) {
  return readdirSync(dir)
    .filter((n) => n.endsWith(".json"))
    .sort()
    .map((name) => ({name, doc: JSON.parse(readFileSync(join(dir, name), "utf8"))}));
}

/**
 * The portable backend against @noble/hashes, one row per engine, from the
 * portable_*.json files of bench/portable.js (make bench-portable).
 */
function portableSection(files) {
  const runs = files.filter(({name}) => name.startsWith("portable_"));
  if (runs.length === 0) return "No portable_*.json file in `bench/results/`.";
  const cases = runs[0].doc.rows.map((r) => r.case);
  const lines = [
    `| engine | ${cases.join(" | ")} |`,
    `|---|${cases.map(() => "---").join("|")}|`,
    ...runs.map(({doc}) => `| ${doc.engine} | ${doc.rows.map((r) => `${r.ratioBest.toFixed(2)}× (median ${r.ratioMedian.toFixed(2)}×)`).join(" | ")} |`),
    "",
    "@noble/hashes' time over the portable backend's, best of 7 interleaved rounds; from " +
      runs.map(({name, doc}) => `[\`${name}\`](bench/results/${name}) (${doc.date})`).join(", ") + ".",
  ];
  return lines.join("\n");
}

/** How beyondSection heads the contenders of bench/beyond-cases.js. */
const beyondLabels = [
  ["noble", "@noble/hashes"],
  ["node-crypto", "node:crypto"],
  ["ours one-shot", "sha256-simd's hmac() (key set up per call)"],
  ["ours digest loop", "sha256-simd's digest() in a loop"],
  ["ours digest of the concatenation", "sha256-simd's digest() of the concatenation"],
];

/**
 * HMAC, HKDF, PBKDF2, digestParts and digestMany against @noble/hashes and
 * node:crypto, one table per engine, from the beyond_*.json files of
 * bench/beyond.js: each contender's time over sha256-simd's.
 */
function beyondSection(files) {
  // Node first: the engine the package is mostly run on.
  const runs = files.filter(({name}) => name.startsWith("beyond_")).sort((a, b) => b.name.startsWith("beyond_node") - a.name.startsWith("beyond_node"));
  if (runs.length === 0) return "No beyond_*.json file in `bench/results/`.";
  const out = [];
  for (const {name, doc} of runs) {
    const present = beyondLabels.filter(([id]) => doc.rows.some((r) => r.contenders.some((c) => c.name === id)));
    out.push(
      `${doc.engine}, ${doc.date}, best of 7 interleaved rounds (PBKDF2: 5); each one's time over sha256-simd's, from [\`${name}\`](bench/results/${name}):`,
      "",
      `| case | ${present.map(([, label]) => label).join(" | ")} |`,
      `|---|${present.map(() => "---").join("|")}|`,
      ...doc.rows.map((r) => {
        const cell = ([id]) => {
          const c = r.contenders.find((x) => x.name === id);
          return c ? `${c.ratioBest.toFixed(2)}×` : "–";
        };
        return `| ${r.case} | ${present.map(cell).join(" | ")} |`;
      }),
      "",
    );
  }
  return out.join("\n").trimEnd();
}

export function generate(readme, files, simdSha256) {
  const matching = matchingResults(files, simdSha256);
  return fillMarkers(readme, {
    headline: headlineSection(matching),
    engines: ratioSection(matching),
    pool: poolSection(poolResults(files, simdSha256)),
    portable: portableSection(files),
    beyond: beyondSection(files),
    ssz: sszSection(files, simdSha256),
  });
}

function main() {
  const {values} = parseArgs({options: {check: {type: "boolean", default: false}}});
  const simdSha256 = sha256Hex(readFileSync(join(packageDir, "wasm/sha256-simd.wasm")));
  const before = readFileSync(readmePath, "utf8");
  const after = generate(before, readResults(), simdSha256);
  if (values.check) {
    if (after !== before) {
      console.error("check-readme: README.md's measured tables differ from bench/results/; run 'make readme' and commit");
      process.exit(1);
    }
    console.log("check-readme: README.md's measured tables are what bench/results/ gives");
  } else if (after !== before) {
    writeFileSync(readmePath, after);
    console.log("README.md: measured tables regenerated");
  } else {
    console.log("README.md: measured tables already up to date");
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) main();
