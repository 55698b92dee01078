// The benchmark page: environment panel, run controls, and wiring between the
// worker (worker.js), the run's view (run-view.js) and the comparison
// (compare.js). URL parameters: bench/web/README.md; BUILD_INFO: build.js.
// When a run has finished the page sets <html data-state="done"> and
// window.benchResults (a results file); on failure, data-state="error" and
// window.benchError.
import {makeResults, resultsFileName} from "../../report/results.js";
import {createComparison} from "./compare.js";
import {formatTime} from "../../report/table.js";
import {$, h} from "./dom.js";
import {describeBrowser, timerStepMs, wasmSimdSupported} from "./env.js";
import {implLabel} from "./impls.js";
import {createRunView} from "./run-view.js";
import {shareText} from "./share.js";

const params = new URLSearchParams(location.search);
const flag = (name) => params.has(name) && params.get(name) !== "0";

/** The results file of the finished run. */
let current = null;

const notes = [
  "Run in a Web Worker of the page bench/web/.",
  "WebCrypto's crypto.subtle.digest is asynchronous: it is timed in batches of awaited calls, one after another.",
  "ours-js is sha256-simd on its portable build, forced with reinitializeInstance(false); " +
    "ours-simd and ours-js each check the package's backend before they are checked and timed.",
];
// What a browser run of the hasher cases leaves out, as bench/node.js notes what it could not load.
const hasherNote = "hashtree hasher left out: @chainsafe/hashtree is a native addon, not available in a browser";

/** The thread pools' sizes: pool-N is a pool asked for N threads; without cross-origin isolation it has 1. */
const poolNote = (threads) => `sha256-simd/pool: threads asked for and in use: ${threads.map(([asked, inUse]) => `${asked} -> ${inUse}`).join(", ")}`;

const fields = {cpu: $("cpu"), label: $("label")};
for (const [name, input] of Object.entries(fields)) {
  input.value = params.get(name) ?? localStorage.getItem(`sha256-simd-bench.${name}`) ?? "";
  input.addEventListener("input", () => {
    localStorage.setItem(`sha256-simd-bench.${name}`, input.value);
    if (!current) return;
    setEnvField(current.env, name, input.value.trim());
    comparison.render();
  });
}
for (const name of ["quick", "hasher", "pool", "beyond"]) $(name).checked = flag(name);

/** The CPU model or label typed in: without one, the CPU model is "unknown" and the label left out. */
function setEnvField(env, name, value) {
  env[name] = value || "unknown";
  if (!value && name === "label") delete env.label;
}

const browser = await describeBrowser();
const pageInfo = {
  cores: navigator.hardwareConcurrency ?? null,
  simd: wasmSimdSupported(),
  crossOriginIsolated: globalThis.crossOriginIsolated === true,
  timerStepMs: timerStepMs(),
};
let workerInfo = null;

const yesNo = (b) => (b ? "yes" : "no");

/** The page's figure, and the worker's once it has reported: both matter, the worker's is what timing uses. */
function pageAndWorker(key, format) {
  const own = format(pageInfo[key]);
  return workerInfo ? `${own} (page), ${format(workerInfo[key])} (worker)` : own;
}

function renderEnv() {
  const items = [
    ["Browser", `${browser.runtime} ${browser.runtimeVersion}`],
    ["User agent", browser.userAgent],
    ["Platform", `${browser.platform}, ${browser.arch}`],
    ["Logical cores", String(pageInfo.cores ?? "unknown")],
    ["WebAssembly SIMD", yesNo(pageInfo.simd)],
    ["crossOriginIsolated", pageAndWorker("crossOriginIsolated", yesNo)],
    ["performance.now() step", pageAndWorker("timerStepMs", (ms) => formatTime(ms * 1e6))],
  ];
  // What the package's loader chose in the worker, and what its import cost there.
  if (workerInfo) {
    items.push(["sha256-simd backend", workerInfo.backend], ["sha256-simd import and first digest", `${formatTime(workerInfo.firstDigestMs * 1e6)} (worker)`]);
  }
  $("env").replaceChildren(...items.flatMap(([k, v]) => [h("dt", {}, k), h("dd", {}, v)]));
}

function makeEnv() {
  // The worker's figures where it reported them, as the timing ran under them; no V8 version, which pages cannot read.
  const {cores, simd, crossOriginIsolated, timerStepMs, firstDigestMs} = {...pageInfo, ...workerInfo};
  const {runtime, runtimeVersion, platform, arch, userAgent} = browser;
  const env = {runtime, runtimeVersion, v8: null, cpu: "unknown", cores, platform, arch, simd, date: new Date().toISOString(), userAgent};
  Object.assign(env, {crossOriginIsolated, timerStepMs, firstDigestMs});
  for (const [name, input] of Object.entries(fields)) setEnvField(env, name, input.value.trim());
  return env;
}

const view = createRunView();
const comparison = createComparison();

/** <html data-state>, which run-headless.js and the tests wait on, and the buttons each state allows. */
function setState(state) {
  document.documentElement.dataset.state = state;
  $("run").disabled = state === "running";
  $("download").disabled = $("share").disabled = state !== "done";
}

function download() {
  const blob = new Blob([JSON.stringify(current, null, 2) + "\n"], {type: "application/json"});
  const a = h("a", {href: URL.createObjectURL(blob), download: resultsFileName(current.env)});
  a.click();
  setTimeout(() => URL.revokeObjectURL(a.href), 10_000);
}

/** A link to this run (share.js), handed to the system's share sheet where there is one, else copied; shown on the page either way. */
async function share() {
  const url = `${location.origin}${location.pathname}#run=${await shareText(current)}`;
  Object.assign($("share-link"), {href: url, hidden: false, textContent: `Link to this run (${url.length} characters)`});
  try {
    await (navigator.share ? navigator.share({title: document.title, url}) : navigator.clipboard.writeText(url));
    if (!navigator.share) view.setProgress(1, "The link to this run is copied.");
  } catch {
    // Share sheet closed, or clipboard refused: the link stays on the page.
  }
}

// The options of bench/node.js the page takes from its URL, by the same names.
const selection = {filter: params.get("filter") || null, impl: params.get("impl") || null};
const timing = Object.fromEntries(["rounds", "time"].filter((k) => Number(params.get(k)) > 0).map((k) => [k, Number(params.get(k))]));

function run() {
  const [quick, hasher, pool, beyond] = ["quick", "hasher", "pool", "beyond"].map((name) => $(name).checked);
  setState("running");
  view.setProgress(0, "Starting the worker…");
  const worker = new Worker(new URL("./worker.js", import.meta.url), {type: "module"});
  let options = null;
  let runNotes = notes;
  const started = performance.now();
  const fail = (message) => {
    worker.terminate();
    view.setProgress(0, `Failed: ${message}`);
    window.benchError = message;
    setState("error");
  };
  worker.onerror = (e) => fail(e.message || "the worker could not start");
  worker.onmessage = ({data: m}) => {
    if (m.type === "env") {
      workerInfo = m;
      renderEnv();
    } else if (m.type === "plan") {
      const {rounds, time, warmupTime, batchMs} = m.options;
      options = {rounds, time, warmupTime, batchMs, quick, filter: selection.filter, impl: selection.impl, hasher, pool, beyond};
      runNotes = [...notes, ...(hasher || pool ? [hasherNote] : []), ...(m.poolThreads ? [poolNote(m.poolThreads)] : [])];
      view.plan(m.cases);
      view.setProgress(0, "Checking every output against WebCrypto…");
    } else if (m.type === "marks") {
      view.marks(m.caseId, m.marks);
    } else if (m.type === "progress") {
      const what = m.phase === "run" ? `round ${m.round + 1}/${options.rounds}, ${implLabel(m.impl)}` : m.phase;
      view.setProgress(m.done / m.total, `${m.caseId}: ${what}`);
    } else if (m.type === "rows") {
      view.caseRows(m.caseId, m.rows);
    } else if (m.type === "done") {
      worker.terminate();
      current = makeResults({build: BUILD_INFO, env: makeEnv(), options, results: view.rows, notes: runNotes});
      view.setProgress(1, `Done in ${((performance.now() - started) / 1000).toFixed(0)} s: ${view.rows.length} results.`);
      view.showChart();
      comparison.add(current, "this run");
      window.benchResults = current;
      setState("done");
    } else if (m.type === "error") {
      fail(m.message);
    }
  };
  worker.postMessage({type: "start", quick, hasher, pool, beyond, timing, ...selection});
}

renderEnv();
$("run").addEventListener("click", run);
$("download").addEventListener("click", download);
$("share").addEventListener("click", share);
if (flag("quick") || flag("run")) run();
