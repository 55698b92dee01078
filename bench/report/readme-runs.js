// Which results files the README's tables take, and how a table names the
// run it comes from (bench/readme.js): runs of the committed modules alone,
// the newest per engine.
import {sameBuild} from "./results.js";

/** The engines, in table order: a results file's engine is its runtime, and for Node its major version. */
export const engines = [
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
export const headlineEngine = "node24";

/** The keys of a map by engine: those of `engines` in its order, then the others. */
export const inEngineOrder = (byEngine) => [
  ...engines.map(([key]) => key).filter((key) => byEngine.has(key)),
  ...[...byEngine.keys()].filter((key) => !engines.some(([k]) => k === key)),
];

export function engineOf(env) {
  return env.runtime === "node" ? `node${String(env.runtimeVersion).split(".")[0]}` : env.runtime;
}

/** "Node 24.22.3 (V8 13.6)", "Bun 1.4.5 (JavaScriptCore)", "Chromium 156.0.8078.108". */
export function engineName(env) {
  const name = (engines.find(([key]) => key === engineOf(env))?.[1] ?? env.runtime).replace(/ \d+$/, "");
  const v8 = env.v8 ? ` (V8 ${env.v8.split(".").slice(0, 2).join(".")})` : env.jsc ? " (JavaScriptCore)" : "";
  return `${name} ${env.runtimeVersion}${v8}`;
}

/** The newest run per engine of the modules `wasm` ({file name: sha256}) that `keep(doc)` accepts, by engine. */
export function newestPerEngine(files, wasm, keep) {
  const newest = new Map();
  for (const {name, doc} of files) {
    if (!Array.isArray(doc.results) || !sameBuild(doc.build, wasm) || !keep(doc)) continue;
    const engine = engineOf(doc.env);
    if (!newest.has(engine) || newest.get(engine).doc.env.date < doc.env.date) newest.set(engine, {name, doc});
  }
  return newest;
}

/** The newest full run of each engine (not --quick, and no --filter or --impl) of the modules `wasm`. */
export function matchingResults(files, wasm) {
  return newestPerEngine(files, wasm, ({options: o}) => !o?.quick && !o?.filter && !o?.impl);
}

/**
 * The newest run of the committed modules per engine that timed the cases
 * of one section (ids starting with `prefix`) at full length: not --quick,
 * no --impl, and no --filter but `^prefix` (all of them), by engine.
 */
export function sectionRuns(files, wasm, prefix) {
  return newestPerEngine(
    files,
    wasm,
    ({options: o = {}, results}) =>
      !o.quick && !o.impl && [undefined, null, `^${prefix}`].includes(o.filter) && results.some((r) => r.case.startsWith(prefix)),
  );
}

/** "AMD EPYC (family 26, model 2, 2 cores)": the model name alone covers several CPUs. */
export function cpuName(e) {
  const model = Number.isInteger(e.cpuFamily) ? `family ${e.cpuFamily}, model ${e.cpuModel}, ` : "";
  return `${e.cpu} (${model}${e.cores} cores)`;
}

/** Where a table's figures come from: engine, CPU, how they were taken, commit and file. */
export function source(name, doc, how = `${doc.options.rounds} interleaved rounds, best round`) {
  const e = doc.env;
  const commit = doc.build.commit ? `, commit ${doc.build.commit.slice(0, 12)}` : "";
  return `${engineName(e)}, ${cpuName(e)}, ${how}${commit}; from [\`bench/results/${name}\`](bench/results/${name}).`;
}
