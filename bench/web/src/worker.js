// Runs the benchmark off the page's main thread, so the page stays
// responsive: the cases of bench/cases/cases.js and, when asked, the merkle
// hasher's, the thread pool's and the beyond-as-sha256 cases, each imported
// from a chunk of its own that a run without them never fetches. Messages
// out: env, plan, marks (per case), progress, rows (per case), done, error.
import * as asSha256 from "@chainsafe/as-sha256";
import {sha256} from "@noble/hashes/sha2.js";
import {createSHA256} from "hash-wasm";
import {makeCases} from "../../cases/cases.js";
import {selectCases} from "../../cases/common.js";
import {checkCase, defaultOptions, runCases} from "../../timing/runner.js";
import {timerStepMs} from "./env.js";

const subtle = globalThis.crypto.subtle;
const oracle = (bytes) => subtle.digest("SHA-256", bytes);

/**
 * The runner's options for this browser. A timed batch must span many steps
 * of performance.now() to be measured within 0.5%: 200 steps, so 1 ms (the
 * runner's default) when cross-origin isolated (5 µs steps in Chromium),
 * 20 ms at 0.1 ms steps, 200 ms at Firefox's 1 ms.
 */
function runOptions(quick, timing, stepMs) {
  const base = {...defaultOptions, ...(quick ? {rounds: 1, time: 15, warmupTime: 2} : {}), ...timing};
  const batchMs = Math.max(base.batchMs, 200 * stepMs);
  return {...base, batchMs, time: Math.max(base.time, 3 * batchMs)};
}

/** What the page's table shows of a case. */
const describeCase = ({id, title, description, peerNote, contenders}) => ({id, title, description, peerNote, impls: contenders.map((k) => k.impl)});

async function run({quick, timing = {}, filter, impl, hasher, pool, beyond}) {
  // The package is imported when a run starts: firstDigestMs is the time from before that import (fetching its
  // chunk, compiling its wasm) to after its first digest of 32 bytes returns, what a page pays before its first hash.
  const t0 = performance.now();
  const ours = await import("sha256-simd");
  ours.digest(new Uint8Array(32));
  const firstDigestMs = performance.now() - t0;
  const stepMs = timerStepMs();
  const crossOriginIsolated = globalThis.crossOriginIsolated === true;
  postMessage({type: "env", firstDigestMs, timerStepMs: stepMs, crossOriginIsolated, simd: ours.simdEnabled, backend: ours.backend});
  const options = runOptions(quick, timing, stepMs);
  const libs = {ours, asSha256, hashWasm: {createSHA256}, noble: {sha256}, webcrypto: subtle};
  const all = await makeCases(libs);
  if (hasher) all.push(...(await import("./hasher-cases.js")).makeBrowserHasherCases(ours));
  const pools = pool ? await (await import("./pool-cases.js")).makeBrowserPoolCases(ours) : null;
  if (pools) all.push(...pools.cases);
  if (beyond) all.push(...(await (await import("./beyond-cases.js")).makeBrowserBeyondCases(libs)));
  const cases = selectCases(all, {filter, impl});
  postMessage({type: "plan", cases: cases.map(describeCase), options, poolThreads: pools?.threads ?? null});

  // Every output is checked before anything is timed; runCases checks again
  // and times only what is correct. A hasher case's one message is the 64
  // bytes under its root, so WebCrypto's digest of it is the root every
  // hasher must give, as node:crypto's is in bench/node.js.
  for (const c of cases) postMessage({type: "marks", caseId: c.id, marks: Object.fromEntries(await checkCase(c, oracle))});
  const total = cases.reduce((n, c) => n + options.rounds * c.contenders.length, 0);
  let done = 0;
  for (const c of cases) {
    const onProgress = (p) => {
      if (p.phase === "run") done++;
      postMessage({type: "progress", done, total, caseId: c.id, phase: p.phase, impl: p.impl, round: p.round});
    };
    const rows = await runCases([c], {...options, oracle, onProgress});
    postMessage({type: "rows", caseId: c.id, rows});
  }
  await pools?.close();
  postMessage({type: "done"});
}

onmessage = ({data}) => {
  if (data?.type === "start") run(data).catch((err) => postMessage({type: "error", message: String(err?.stack ?? err)}));
};
