// The workers of sha256-simd/pool: starting them, and replacing, with a
// back-off, each one that exits, hangs or fails, so that a pool that runs for
// months keeps its threads. What went wrong is counted (stats()), not swallowed.
import {isNode} from "../core/engine.js";
import * as u from "./unit.js";

/**
 * A Node built-in module. The specifier is not a literal, so that bundlers
 * building for browsers (esbuild) leave this import alone.
 */
export const nodeBuiltin = async (name) => globalThis.process?.getBuiltinModule?.(name) ?? import(name);

/** How long a worker may take to start (25 ms each when the machine is idle). */
const START_TIMEOUT_MS = 20000;
/** The wait before the first replacement of a worker; it doubles with each replacement in a row, up to MAX_BACKOFF_MS. */
const BACKOFF_MS = 100;
const MAX_BACKOFF_MS = 30000;
/** A worker that has run this long resets its slot's back-off. */
const STEADY_MS = 60000;
const nextBackoff = (ms) => Math.min(MAX_BACKOFF_MS, Math.max(BACKOFF_MS, 2 * ms));

const workerUrl = new URL("../pool-worker.js", import.meta.url);

/** Where threads are not available, why: null where they are. */
export function threadsUnavailable(backend) {
  // Where wasm is missing or refused, a worker could not do better than the caller.
  if (backend === "js") return "the portable backend is in use";
  if (typeof SharedArrayBuffer !== "function") return "SharedArrayBuffer is not available";
  if (!isNode) {
    if (globalThis.crossOriginIsolated !== true) return "the page is not cross-origin isolated";
    if (typeof Worker !== "function") return "Worker is not available";
  }
  return null;
}

/** The available parallelism, at most `max`. */
export async function defaultThreads(max) {
  let n = 1;
  if (isNode) {
    const os = await nodeBuiltin("node:os");
    n = os.availableParallelism?.() ?? os.cpus().length;
  } else {
    n = globalThis.navigator?.hardwareConcurrency ?? 1;
  }
  return Math.max(1, Math.min(max, n));
}

/**
 * Starts one worker of `url` and resolves when it is ready for units, with
 * its handle: terminate() (resolves once it has stopped) and onExit(f),
 * called when it exits or fails outside a unit.
 */
async function spawn(url, data) {
  let w;
  let timer;
  const ready = new Promise((resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`a worker did not start within ${START_TIMEOUT_MS} ms`)), START_TIMEOUT_MS);
    if (isNode) {
      nodeBuiltin("node:worker_threads").then(({Worker}) => {
        // No Node options: a worker refuses some that its parent accepts
        // (--input-type, V8 options such as --expose-gc), and the code of -e
        // or -p must not run again. V8's options hold for every thread anyway,
        // and the worker loads nothing but this package's files.
        w = new Worker(url, {workerData: data, execArgv: []});
        // Parked workers must not keep the process alive.
        w.unref();
        w.once("message", resolve);
        w.once("error", reject);
        w.once("exit", (code) => reject(new Error(`a worker exited with code ${code} while starting`)));
      }, reject);
    } else {
      w = new Worker(url, {type: "module"});
      w.onmessage = resolve;
      w.onerror = (e) => reject(new Error(`a worker failed to start: ${e.message ?? e}`));
      w.postMessage(data);
    }
  });
  try {
    await ready;
  } catch (e) {
    w?.terminate();
    throw e;
  } finally {
    clearTimeout(timer);
  }
  const handle = {worker: w, onExit: () => {}};
  if (isNode) {
    w.removeAllListeners();
    w.on("error", (e) => handle.onExit(`a worker failed: ${e?.message ?? e}`));
    w.on("exit", (code) => handle.onExit(`a worker exited with code ${code}`));
    handle.terminate = () => w.terminate();
  } else {
    w.onmessage = null;
    w.onerror = (e) => handle.onExit(`a worker failed: ${e.message ?? e}`);
    handle.terminate = async () => w.terminate();
  }
  return handle;
}

/**
 * The pool's workers, `count` of them, each with its index, its slots' views
 * of the shared buffer, and what the scheduler keeps per slot. A record stays
 * when its worker is replaced; `live` says whether a worker runs it now.
 * script: {url, data, started} replaces the worker script (tests: a worker
 * with faults), with `data` passed to it and started(worker) called for each
 * worker started.
 */
export class Crew {
  #ctl;
  #sab;
  #spinMs;
  #script;
  #closed = false;
  #timers = new Set();
  #stats = {started: 0, replaced: 0, exited: 0, hung: 0, failed: 0, startFailures: 0, lastError: null};
  records = [];

  constructor(count, spinMs, script) {
    this.#sab = new SharedArrayBuffer(u.controlBytes(count) + count * u.SLOTS * u.SLOT_BYTES);
    this.#ctl = new Int32Array(this.#sab, 0, count * u.CONTROL_WORDS);
    this.#spinMs = spinMs;
    this.#script = script;
    for (let i = 0; i < count; i++) {
      const slot = (s) => u.slotOffset(count, i, s);
      this.records.push({
        index: i,
        live: false,
        handle: null,
        in: [0, 1].map((s) => new Uint8Array(this.#sab, slot(s), u.SLOT_IN)),
        out: [0, 1].map((s) => new Uint8Array(this.#sab, slot(s) + u.SLOT_IN, u.SLOT_OUT)),
        unit: [-1, -1],
        /** Per slot: 0, or until when a worker may finish a unit that the caller did itself. */
        abandoned: [0, 0],
        since: 0,
        backoff: 0,
      });
    }
  }

  get ctl() {
    return this.#ctl;
  }

  /** Workers running now. */
  get live() {
    let n = 0;
    for (const r of this.records) if (r.live) n++;
    return n;
  }

  /** Starts every worker; rejects, with none left running, if one fails to. */
  async start() {
    const started = await Promise.allSettled(this.records.map((r) => this.#spawn(r)));
    const failed = started.find((s) => s.status === "rejected");
    if (failed) {
      await this.close();
      throw new Error(`sha256-simd/pool: ${failed.reason?.message ?? failed.reason}`);
    }
  }

  async #spawn(r) {
    const data = {sab: this.#sab, workers: this.records.length, worker: r.index, spinMs: this.#spinMs, extra: this.#script?.data};
    const handle = await spawn(this.#script?.url ?? workerUrl, data);
    this.#stats.started++;
    if (this.#closed) {
      await handle.terminate();
      return;
    }
    handle.onExit = (why) => {
      if (r.handle !== handle) return;
      this.#stats.lastError = why;
      this.retire(r, "exited");
    };
    r.handle = handle;
    r.live = true;
    r.since = performance.now();
    this.#script?.started(handle.worker);
  }

  /**
   * Stops the worker of record r, counted under `why` ("exited", "hung" or
   * "failed"), and starts another in its place after the back-off.
   */
  retire(r, why) {
    if (!r.live) return;
    r.live = false;
    this.#stats[why]++;
    // Let go of the handle first: Deno reports the exit during terminate().
    const handle = r.handle;
    r.handle = null;
    const stopped = handle.terminate();
    r.backoff = performance.now() - r.since > STEADY_MS ? BACKOFF_MS : nextBackoff(r.backoff);
    this.#replace(r, stopped);
  }

  #replace(r, stopped) {
    if (this.#closed) return;
    this.after(r.backoff, async () => {
      // The old worker has stopped: its slots can be reset for the new one.
      await Promise.resolve(stopped).catch(() => {});
      if (this.#closed) return;
      for (let s = 0; s < u.SLOTS; s++) Atomics.store(this.#ctl, u.slotWord(r.index, s, u.STATE), u.FREE);
      r.unit.fill(-1);
      r.abandoned.fill(0);
      try {
        await this.#spawn(r);
        this.#stats.replaced++;
      } catch (e) {
        this.#stats.startFailures++;
        this.#stats.lastError = e?.message ?? String(e);
        r.backoff = nextBackoff(r.backoff);
        this.#replace(r, null);
      }
    });
  }

  /** Runs f after ms, unless the pool is closed first; never keeps a process alive. */
  after(ms, f) {
    const timer = setTimeout(() => {
      this.#timers.delete(timer);
      f();
    }, ms);
    timer.unref?.();
    this.#timers.add(timer);
  }

  /** Counts a unit that a worker failed on (the caller did it itself). */
  failed(r, message) {
    this.#stats.lastError = message;
    this.retire(r, "failed");
  }

  stats() {
    return {...this.#stats};
  }

  async close() {
    this.#closed = true;
    for (const t of this.#timers) clearTimeout(t);
    this.#timers.clear();
    const stopping = [];
    for (const r of this.records) {
      if (!r.live) continue;
      r.live = false;
      const handle = r.handle;
      r.handle = null;
      stopping.push(handle.terminate());
    }
    await Promise.allSettled(stopping);
  }
}
