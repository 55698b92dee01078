// The start-up case: what a short-lived process pays before its first hash.
// For sha256-simd and each peer that is a JavaScript library, the time from
// before `await import()` of its default entry to after its first digest of
// 32 bytes, measured by startup-child.js inside a fresh process of the running
// runtime (process.execPath: Node, Bun or Deno). One process per library per
// round, in an order rotated each round; nsPerOp is the best round,
// nsPerOpMedian the median, as for the other cases.
import {execFile} from "node:child_process";
import {dirname} from "node:path";
import {fileURLToPath} from "node:url";
import {promisify} from "node:util";
import {pseudoRandomBytes} from "sha256-simd-support/bytes.js";
import {inTurns, resultRow, withRatios} from "../timing/runner.js";

export const startupCase = {
  id: "startup-first-digest",
  title: "start-up: import and first digest of 32 bytes",
  description:
    "a fresh process's `await import()` of the library's default entry and its first digest of 32 bytes, " +
    "timed inside that process; one process per library per round",
  unit: "process",
};

/** Rounds: one process per library each. */
export const startupRounds = {full: 11, quick: 3};

/** Each library's default entry and the export that digests one message; ours is `oursImpl`, the backend its entry picks here. */
export const libraries = (oursImpl) => [
  {impl: oursImpl, specifier: "sha256-simd", name: "digest"},
  {impl: "as-sha256", specifier: "@chainsafe/as-sha256", name: "digest"},
  {impl: "hash-wasm", specifier: "hash-wasm", name: "sha256"},
  {impl: "noble", specifier: "@noble/hashes/sha2.js", name: "sha256"},
];

const child = fileURLToPath(new URL("startup-child.js", import.meta.url));
// Deno runs a script with `run` and needs its permissions; Node and Bun take the script alone.
const runtimeArgs = globalThis.Deno ? ["run", "-A"] : [];
const hex = (bytes) => Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");

/** One fresh process's {ms, hex} for `lib`. */
async function measure(lib, messageHex) {
  const args = [...runtimeArgs, child, lib.specifier, lib.name, messageHex];
  const {stdout} = await promisify(execFile)(process.execPath, args, {cwd: dirname(child), timeout: 60_000});
  return JSON.parse(stdout.trim().split("\n").pop());
}

/**
 * Times every library whose impl id `keep` accepts over `rounds` rounds, each digest checked against
 * `oracle` (as runCases' option); returns result rows in the schema of bench/results/, with the ratios.
 * @param {{rounds: number, oursImpl: string, oracle: Function, keep?: (impl: string) => boolean, onProgress?: Function}} opts
 */
export async function runStartup({rounds, oursImpl, oracle, keep = () => true, onProgress = () => {}}) {
  const message = pseudoRandomBytes(32, 32);
  const expected = hex(new Uint8Array(await oracle(message)));
  const runs = libraries(oursImpl).filter((l) => keep(l.impl)).map((lib) => ({lib, times: [], error: undefined}));
  await inTurns(runs, rounds, async (run, round) => {
    if (run.error) return;
    onProgress({round, rounds, impl: run.lib.impl});
    try {
      const {ms, hex: got} = await measure(run.lib, hex(message));
      if (got === expected) run.times.push(ms);
      else run.error = "output differs from the oracle";
    } catch (e) {
      run.error = String(e?.message ?? e).split("\n")[0];
    }
  });
  return withRatios(runs.map(({lib, times, error}) => resultRow(startupCase, lib.impl, {perRoundMs: times, correct: !error, error})));
}
