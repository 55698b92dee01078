// Runs the benchmark cases of bench/cases.js (and, when asked, the merkle
// hasher cases of bench/cases-hasher.js and the thread pool's of
// bench/cases-pool.js) with the runner of bench/runner.js,
// off the page's main thread so the page stays responsive. The cases of
// bench/cases.js also time the portable backend, sha256-simd/portable, from
// a bundle of its own (see ours-js.js). When asked, the beyond-as-sha256
// cases of bench/beyond-cases.js (HMAC, HKDF, PBKDF2, digestParts,
// digestMany) follow, checked and timed as bench/beyond.js does (beyond-cases.js).
// Messages out: env, plan, marks (per case), progress, rows (per case), done, error.
import * as asSha256 from "@chainsafe/as-sha256";
import {sha256} from "@noble/hashes/sha2.js";
import {createSHA256} from "hash-wasm";
import * as ours from "sha256-simd";
import {makeCases, selectCases} from "../../cases.js";
import {checkCase, defaultOptions, runCases} from "../../runner.js";
import {timerStepMs} from "./env.js";
import {checkBackends, loadPortable, portableBundle, withOursJs} from "./ours-js.js";

const subtle = globalThis.crypto.subtle;
const oracle = (bytes) => subtle.digest("SHA-256", bytes);

const quickOptions = {rounds: 1, time: 15, warmupTime: 2};

/**
 * The runner's options for this browser. A timed batch must span many steps
 * of performance.now() to be measured within 0.5%: 200 steps, so 1 ms (the
 * runner's default) when cross-origin isolated (5 µs steps in Chromium),
 * 20 ms at 0.1 ms steps, 200 ms at Firefox's 1 ms.
 */
function runOptions(quick, timing, stepMs) {
  const base = {...defaultOptions, ...(quick ? quickOptions : {}), ...timing};
  const batchMs = Math.max(base.batchMs, 200 * stepMs);
  return {...base, batchMs, time: Math.max(base.time, 3 * batchMs)};
}

function describeCase(c) {
  const {id, title, description, peerNote, unit, bytesPerOp, opsPerCall} = c;
  return {id, title, description, peerNote, unit, bytesPerOp, opsPerCall, impls: c.contenders.map((k) => k.impl)};
}

/**
 * The hasher cases: hasher-cases.js is imported here only, dynamically, so it
 * and persistent-merkle-tree are a chunk of their own that a run without them
 * never fetches.
 */
async function hasherCases() {
  const {makeBrowserHasherCases} = await import("./hasher-cases.js");
  return makeBrowserHasherCases(ours);
}

/**
 * The beyond-as-sha256 cases that ?filter and ?impl keep, from a chunk of
 * their own as the hasher cases are, with their timing and notes.
 */
async function beyondCases({filter, impl, timing}) {
  const {beyondNotes, makeBrowserBeyondCases} = await import("./beyond-cases.js");
  const cases = (await makeBrowserBeyondCases(ours, subtle, {impl})).filter((c) => !filter || new RegExp(filter).test(c.id));
  return {cases, timing, notes: beyondNotes(timing)};
}

/**
 * bench/beyond.js's 7 rounds of 200 ms a contender, or 2 of 10 ms when quick;
 * ?rounds and ?time set them, and a round spans 200 timer steps at least.
 */
function beyondTiming(quick, timing, stepMs) {
  const rounds = timing.rounds ?? (quick ? 2 : 7);
  return {rounds, ms: Math.max(timing.time ?? (quick ? 10 : 200), 200 * stepMs)};
}

/** The thread pool's cases, from a chunk of their own as the hasher cases are. */
async function poolCases() {
  const {makeBrowserPoolCases} = await import("./pool-cases.js");
  return makeBrowserPoolCases(ours);
}

async function run({quick, timing = {}, filter, impl, hasher, pool, beyond: wantBeyond}) {
  const stepMs = timerStepMs();
  // Relative to this worker's script, wherever the code doing it was bundled.
  const portable = await loadPortable(ours, new URL(portableBundle, self.location.href).href);
  postMessage({
    type: "env",
    timerStepMs: stepMs,
    crossOriginIsolated: globalThis.crossOriginIsolated === true,
    simd: ours.simdEnabled,
    backend: ours.backend,
    portableBackend: portable.backend,
  });
  const options = runOptions(quick, timing, stepMs);
  const libs = {ours, asSha256, hashWasm: {createSHA256}, noble: {sha256}, webcrypto: subtle};
  const all = await withOursJs(await makeCases(libs), {portable, asSha256});
  if (hasher) all.push(...(await hasherCases()));
  // The pool's cases name the single-threaded package ours-simd whatever its
  // backend, so only the cases before them check theirs.
  const checked = checkBackends(all, {ours, portable});
  const pools = pool ? await poolCases() : null;
  if (pools) checked.push(...pools.cases);
  const cases = selectCases(checked, {filter, impl});
  const beyond = wantBeyond ? await beyondCases({filter, impl, timing: beyondTiming(quick, timing, stepMs)}) : {cases: [], notes: []};
  const described = [...cases.map(describeCase), ...beyond.cases.map(({check, time, ...c}) => c)];
  postMessage({type: "plan", cases: described, options, poolThreads: pools?.threads ?? null, notes: beyond.notes});

  // Every output is checked before anything is timed; runCases checks again
  // and times only what is correct. A hasher case's one message is the 64
  // bytes under its root, so WebCrypto's digest of it is the root every
  // hasher must give, as node:crypto's is in bench/node.js.
  for (const c of cases) {
    postMessage({type: "marks", caseId: c.id, marks: Object.fromEntries(await checkCase(c, oracle))});
  }
  // The beyond cases check each contender against WebCrypto's own HMAC, HKDF, PBKDF2 or digest.
  for (const b of beyond.cases) postMessage({type: "marks", caseId: b.id, marks: await b.check()});

  const beyondWork = (b) => beyond.timing.rounds * b.impls.length;
  const total = cases.reduce((n, c) => n + options.rounds * c.contenders.length, 0) + beyond.cases.reduce((n, b) => n + beyondWork(b), 0);
  let done = 0;
  for (const c of cases) {
    const onProgress = (p) => {
      if (p.phase === "run") done++;
      postMessage({type: "progress", done, total, caseId: c.id, phase: p.phase, impl: p.impl, round: p.round});
    };
    const rows = await runCases([c], {...options, oracle, onProgress});
    postMessage({type: "rows", caseId: c.id, rows});
  }
  for (const b of beyond.cases) {
    postMessage({type: "progress", done, total, caseId: b.id, phase: "interleaved rounds"});
    const rows = await b.time({now: () => performance.now(), ...beyond.timing});
    done += beyondWork(b);
    postMessage({type: "rows", caseId: b.id, rows});
  }
  await pools?.close();
  postMessage({type: "done"});
}

onmessage = ({data}) => {
  if (data?.type !== "start") return;
  run(data).catch((err) => postMessage({type: "error", message: String(err?.stack ?? err)}));
};
