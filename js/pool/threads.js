// The pool's threads: Node's worker_threads (Bun's, Deno's) or a browser's
// module Worker, running js/generated/pool-worker.js, which loads by itself
// from anywhere. `new Worker(new URL(...), {type: "module"})` is written out
// whole below: the form bundlers find. No-threads.js serves React Native and workerd.
import {builtin, isNode} from "../core/engine.js";

/**
 * Where threads are not available, why: null where they are.
 * @param {"simd" | "js"} backend The backend in use.
 * @returns {string | null}
 */
export function threadsUnavailable(backend) {
  // Where wasm is missing or refused, a worker could not do better than the caller.
  if (backend === "js") return "the portable backend is in use";
  if (isNode) {
    if (!builtin("node:worker_threads")) return "process.getBuiltinModule is not available (Node before 20.16)";
  } else {
    if (globalThis.crossOriginIsolated !== true) return "the page is not cross-origin isolated";
    if (typeof Worker !== "function") return "Worker is not available";
  }
  if (typeof SharedArrayBuffer !== "function") return "SharedArrayBuffer is not available";
  return null;
}

/**
 * The available parallelism, at most `max`.
 * @param {number} max
 * @returns {number}
 */
export function defaultThreads(max) {
  const os = isNode ? builtin("node:os") : null;
  const n = os ? (os.availableParallelism?.() ?? os.cpus().length) : (globalThis.navigator?.hardwareConcurrency ?? 1);
  return Math.max(1, Math.min(max, n));
}

/** The script a worker runs where the caller gives none, for error messages. */
export const workerScript = "sha256-simd's js/generated/pool-worker.js";

/**
 * A new worker of `url` (a URL or path), or of the package's worker script
 * where url is undefined; in Node with `data` as its workerData.
 * @param {string | URL | undefined} url
 * @param {unknown} data
 * @returns {any} A Worker, or a Worker of Node's worker_threads: untyped.
 */
export function newWorker(url, data) {
  if (isNode) {
    const {Worker} = builtin("node:worker_threads");
    // No Node options: a worker refuses some that its parent accepts
    // (--input-type, V8 options such as --expose-gc), and the code of -e or
    // -p must not run again. V8's options hold for every thread anyway.
    return new Worker(url ?? new URL("../generated/pool-worker.js", import.meta.url), {workerData: data, execArgv: []});
  }
  if (url !== undefined) return new Worker(url, {type: "module"});
  return new Worker(new URL("../generated/pool-worker.js", import.meta.url), {type: "module"});
}
