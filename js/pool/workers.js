// The workers of sha256-simd/pool: starting them, and replacing, with a
// back-off, each one that exits, hangs or fails, so that a pool that runs for
// months keeps its threads. What went wrong is counted (stats()), not swallowed.
import {newWorker, workerScript} from "#threads";
import {isNode} from "../core/engine.js";
import {sharedBytes, slotsOf} from "./slots.js";

/** How long a worker may take to start (25 ms each when the machine is idle). */
const START_TIMEOUT_MS = 20000;
/** The wait before the first replacement of a worker; it doubles with each replacement in a row, up to MAX_BACKOFF_MS. */
const BACKOFF_MS = 100;
const MAX_BACKOFF_MS = 30000;
/** A worker that has run this long resets its slot's back-off. */
const STEADY_MS = 60000;
/** @param {number} ms */
const nextBackoff = (ms) => Math.min(MAX_BACKOFF_MS, Math.max(BACKOFF_MS, 2 * ms));

/**
 * A worker that runs: `worker` (a Worker, or a Worker of Node's
 * worker_threads: untyped), terminate() and onExit(why).
 * @typedef {object} WorkerHandle
 * @property {any} worker
 * @property {() => Promise<unknown>} terminate
 * @property {(why: string) => void} onExit
 */

/**
 * The script that workers run, where it is not the package's own (the
 * workerUrl option; tests: a worker with faults).
 * @typedef {object} WorkerScript
 * @property {string | URL} [url]
 * @property {unknown} [data]
 * @property {(worker: any) => void} [started]
 */

/**
 * A seat: a worker's place in the shared buffer, with its slots, which
 * stays when its worker is replaced.
 * @typedef {object} Seat
 * @property {number} index
 * @property {boolean} live Whether a worker sits in it now.
 * @property {WorkerHandle | null} handle
 * @property {import("./slots.js").Slot[]} slots
 * @property {number} since When its worker started.
 * @property {number} backoff The wait before its worker's next replacement.
 */

/**
 * Starts one worker of `url` (undefined: the package's worker script) and
 * resolves when it is ready for units, with its handle: terminate()
 * (resolves once it has stopped) and onExit(f), called when it exits or
 * fails outside a unit.
 * @param {string | URL | undefined} url
 * @param {unknown} data
 * @returns {Promise<WorkerHandle>}
 */
async function start(url, data) {
  const where = url === undefined ? workerScript : String(url);
  /** @type {any} */
  let w;
  /** @type {ReturnType<typeof setTimeout> | undefined} */
  let timer;
  const ready = new Promise((resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`a worker of ${where} did not start within ${START_TIMEOUT_MS} ms`)), START_TIMEOUT_MS);
    w = newWorker(url, data);
    if (isNode) {
      // Parked workers must not keep the process alive.
      w.unref();
      w.once("message", resolve);
      w.once("error", (/** @type {Error | undefined} */ e) => reject(new Error(`a worker of ${where} failed to start: ${e?.message ?? e}`)));
      w.once("exit", (/** @type {number} */ code) => reject(new Error(`a worker of ${where} exited with code ${code} while starting`)));
    } else {
      w.onmessage = resolve;
      // A module worker that fails to load fires a plain Event, with no message.
      w.onerror = (/** @type {ErrorEvent} */ e) => reject(new Error(`a worker of ${where} failed to start: ${e.message ?? `${e.type} (the script did not load or threw)`}`));
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
  /** @type {Omit<WorkerHandle, "terminate"> & Partial<WorkerHandle>} terminate() is set below, per runtime. */
  const handle = {worker: w, onExit: () => {}};
  if (isNode) {
    w.removeAllListeners();
    w.on("error", (/** @type {Error | undefined} */ e) => handle.onExit(`a worker failed: ${e?.message ?? e}`));
    w.on("exit", (/** @type {number} */ code) => handle.onExit(`a worker exited with code ${code}`));
    handle.terminate = () => w.terminate();
  } else {
    w.onmessage = null;
    w.onerror = (/** @type {ErrorEvent} */ e) => handle.onExit(`a worker failed: ${e.message ?? e.type}`);
    handle.terminate = async () => w.terminate();
  }
  return /** @type {WorkerHandle} */ (handle);
}

/**
 * The pool's workers, in `count` seats: each seat with its index, its slots'
 * views of the shared buffer, and what the scheduler keeps per slot. A seat
 * stays when its worker is replaced; `live` says whether a worker sits in it
 * now. script: {url, data, started} replaces the worker script (the
 * workerUrl option; tests: a worker with faults), with `data` passed to it
 * and started(worker) called for each worker started.
 */
export class Workers {
  /** @type {SharedArrayBuffer} */
  #sab;
  /** @type {number} */
  #spinMs;
  /** @type {WorkerScript | undefined} */
  #script;
  #closed = false;
  /** @type {Set<ReturnType<typeof setTimeout>>} */
  #timers = new Set();
  /** @type {Omit<import("../pool.js").HashPoolStats, "threads" | "noThreads">} */
  #stats = {started: 0, replaced: 0, exited: 0, hung: 0, failed: 0, startFailures: 0, lastError: null};
  /** @type {Seat[]} */
  seats = [];

  /**
   * @param {number} count
   * @param {number} spinMs
   * @param {WorkerScript} [script]
   */
  constructor(count, spinMs, script) {
    this.#sab = new SharedArrayBuffer(sharedBytes(count));
    this.#spinMs = spinMs;
    this.#script = script;
    for (let i = 0; i < count; i++) {
      this.seats.push({index: i, live: false, handle: null, slots: slotsOf(this.#sab, count, i).slots, since: 0, backoff: 0});
    }
  }

  /** Workers running now. */
  get live() {
    let n = 0;
    for (const seat of this.seats) if (seat.live) n++;
    return n;
  }

  /** Starts every worker; rejects, with none left running, if one fails to. */
  async start() {
    const started = await Promise.allSettled(this.seats.map((seat) => this.#spawn(seat)));
    const failed = started.find((s) => s.status === "rejected");
    if (failed) {
      await this.close();
      throw new Error(`sha256-simd/pool: ${failed.reason?.message ?? failed.reason}`);
    }
  }

  /** @param {Seat} seat */
  async #spawn(seat) {
    const data = {sab: this.#sab, workers: this.seats.length, worker: seat.index, spinMs: this.#spinMs, extra: this.#script?.data};
    const handle = await start(this.#script?.url, data);
    this.#stats.started++;
    if (this.#closed) {
      await handle.terminate();
      return;
    }
    handle.onExit = (why) => {
      if (seat.handle !== handle) return;
      this.#stats.lastError = why;
      this.retire(seat, "exited");
    };
    seat.handle = handle;
    seat.live = true;
    seat.since = performance.now();
    this.#script?.started?.(handle.worker);
  }

  /**
   * Stops the worker of `seat`, counted under `why` ("exited", "hung" or
   * "failed"), and starts another in its place after the back-off.
   * @param {Seat} seat
   * @param {"exited" | "hung" | "failed"} why
   */
  retire(seat, why) {
    if (!seat.live) return;
    seat.live = false;
    this.#stats[why]++;
    // Let go of the handle first: Deno reports the exit during terminate().
    const handle = seat.handle;
    seat.handle = null;
    const stopped = handle.terminate();
    seat.backoff = performance.now() - seat.since > STEADY_MS ? BACKOFF_MS : nextBackoff(seat.backoff);
    this.#replace(seat, stopped);
  }

  /**
   * @param {Seat} seat
   * @param {Promise<unknown> | null} stopped The old worker's termination.
   */
  #replace(seat, stopped) {
    if (this.#closed) return;
    this.after(seat.backoff, async () => {
      // The old worker has stopped: its slots can be reset for the new one.
      await Promise.resolve(stopped).catch(() => {});
      if (this.#closed) return;
      for (const slot of seat.slots) slot.free();
      try {
        await this.#spawn(seat);
        this.#stats.replaced++;
      } catch (e) {
        this.#stats.startFailures++;
        this.#stats.lastError = e?.message ?? String(e);
        seat.backoff = nextBackoff(seat.backoff);
        this.#replace(seat, null);
      }
    });
  }

  /**
   * Runs f after ms, unless the pool is closed first; never keeps a process alive.
   * @param {number} ms
   * @param {() => void} f
   */
  after(ms, f) {
    /** @type {any} A number, or Node's Timeout. */
    const timer = setTimeout(() => {
      this.#timers.delete(timer);
      f();
    }, ms);
    timer.unref?.();
    this.#timers.add(timer);
  }

  /**
   * Counts a unit that a worker failed on (the caller did it itself).
   * @param {Seat} seat
   * @param {string} message
   */
  failed(seat, message) {
    this.#stats.lastError = message;
    this.retire(seat, "failed");
  }

  stats() {
    return {...this.#stats};
  }

  async close() {
    this.#closed = true;
    for (const t of this.#timers) clearTimeout(t);
    this.#timers.clear();
    const stopping = [];
    for (const seat of this.seats) {
      if (!seat.live) continue;
      seat.live = false;
      const handle = seat.handle;
      seat.handle = null;
      stopping.push(handle.terminate());
    }
    await Promise.allSettled(stopping);
  }
}
