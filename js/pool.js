// sha256-simd/pool: hashInto, digestMany and the Hasher over several threads,
// every call synchronous. Each worker has its own module instance; data goes
// through one SharedArrayBuffer, two slots per worker. js/pool/ holds the rest
// (docs/design.md, "The thread pool").
import {
  digestMany as digestManySingle,
  digestManyInto as digestManyIntoSingle,
  hashInto as hashIntoSingle,
} from "./index.js";
import {byteList, bytesLength, isBytes, lengthOf, plainView} from "./core/check.js";
import {digestOf} from "./core/alloc.js";
import {backend} from "./core/loader.js";
import {poolHasher} from "./pool/pool-hasher.js";
import {plan, planMany} from "./pool/plan.js";
import {Scheduler} from "./pool/scheduler.js";
import {defaultThreads, threadsUnavailable} from "#threads";
import {readOptions} from "./pool/options.js";
import {Workers} from "./pool/workers.js";
import {OP_HASH, OP_MANY, fillMany} from "./pool/ops.js";
import {SLOT_IN} from "./pool/slots.js";
import {BLOCK, CHUNK} from "./core/sizes.js";

/** @import {Hasher} from "./core/tree-hasher.js" */

/**
 * The options of createHashPool().
 * @typedef {object} HashPoolOptions
 * @property {number} [threads]
 * Threads in all, the caller's included. Default: the available
 * parallelism (Node: os.availableParallelism(); browsers:
 * navigator.hardwareConcurrency), at most 16.
 * @property {number} [timeoutMs]
 * How long, in ms, a worker may stay on a unit that the caller has already
 * done itself before the worker is taken to hang, terminated and replaced.
 * A call never waits for a worker: it does a late worker's unit itself.
 * Default 1000.
 * @property {string | {readonly href: string}} [workerUrl]
 * Where the workers' script is, for a bundler that does not follow
 * `new Worker(new URL(...))` (esbuild, Rollup, bun build): a copy of
 * sha256-simd/pool-worker.js, as a URL or a string. Default: the
 * package's own. (Typed by its href, so that no DOM or Node types are needed.)
 */

/**
 * What befell a pool's workers since it started.
 * @typedef {object} HashPoolStats
 * @property {number} threads Threads in use now, the caller included.
 * @property {string | null} noThreads
 * Where this runtime cannot run the pool's threads, why (a page that is not
 * cross-origin isolated, React Native); else null.
 * @property {number} started Workers started, replacements included.
 * @property {number} replaced Workers that took the place of one that exited, hung or failed.
 * @property {number} exited Workers that exited or were terminated from outside.
 * @property {number} hung Workers that stayed on a unit past timeoutMs.
 * @property {number} failed Workers that threw while doing a unit (the caller did the unit itself).
 * @property {number} startFailures Replacements that failed to start (each is tried again, later).
 * @property {string | null} lastError The message of the last of these errors, or null.
 */

/**
 * A pool of threads that createHashPool() started: the public members of
 * its class, below.
 * @typedef {Pick<Pool, "threads" | "stats" | "hashInto" | "digestMany" | "digestManyInto" | "hasher" | "close">} HashPool
 */

/**
 * The least work, in 64-byte compressions, that a call splits across
 * threads: below it a sleeping worker's wake-up costs more than it saves
 * (docs/performance-notes.md, "The pool").
 * @type {number}
 */
export const MIN_PARALLEL_HASHES = 4096;
/** How long a worker spins for a next unit before it sleeps: a few wake-ups' worth (docs/performance-notes.md, "The pool"). */
const SPIN_MS = 1;
/** The most threads a pool takes by default. */
const MAX_DEFAULT_THREADS = 16;

class Pool {
  /** @type {Workers | null} */
  #workers = null;
  /** @type {Scheduler | null} */
  #scheduler = null;
  #closed = false;
  /** @type {string | null} */
  #why;

  /**
   * @internal Use createHashPool().
   * @param {Workers | null} workers
   * @param {number} timeoutMs
   * @param {string | null} why
   * @param {boolean} alwaysSpread
   */
  constructor(workers, timeoutMs, why, alwaysSpread) {
    this.#workers = workers;
    this.#why = why;
    if (workers) this.#scheduler = new Scheduler(workers, timeoutMs);
    // What the Hasher adapter needs of the pool, and nothing else.
    const pool = this;
    /**
     * The Hasher of `sha256-simd/hasher` with hashInto, merkleizeBlocksBytes,
     * merkleizeBlockArray, digestNLevel and executeHashComputations spread over
     * the pool's threads; the same results and errors. After close(), every
     * method throws.
     * @readonly
     * @type {Hasher}
     */
    this.hasher = poolHasher({
      get threads() {
        return pool.threads;
      },
      spreads: (n) => this.#spreads(n),
      run: (job) => this.#scheduler.run(job),
      hashInto: (input, output) => this.hashInto(input, output),
      assertOpen: () => this.#assertOpen(),
      alwaysSpread,
    });
  }

  /**
   * Whether work of `n` compressions (by default, the least any call
   * spreads) is worth spreading over the workers: there are some, n is at
   * least MIN_PARALLEL_HASHES, and the call does not run inside another's
   * (a getter, an applyHash). Every method of the pool and its hasher asks
   * here; the hasher's executeHashComputations measures as well (gain.js).
   * @param {number} [n]
   */
  #spreads(n = MIN_PARALLEL_HASHES) {
    return n >= MIN_PARALLEL_HASHES && this.threads > 1 && !this.#scheduler.running;
  }

  /**
   * Threads in use now, the caller included: 1 where threads are not
   * available (a browser page that is not cross-origin isolated) and after
   * close(). A worker that exits, hangs or fails is replaced after a back-off
   * (100 ms, doubling for each replacement in a row, up to 30 s); until then
   * the pool runs one thread less.
   * @type {number}
   */
  get threads() {
    return this.#workers && !this.#closed ? 1 + this.#workers.live : 1;
  }

  /**
   * What befell the workers since the pool started: workers started, those
   * replaced, those that exited, hung or failed a unit, replacements that
   * failed to start, and the last error's message (or null); and where this
   * runtime cannot run threads, why (`noThreads`, else null). A long-running
   * process can log or export them.
   * @returns {HashPoolStats}
   */
  stats() {
    const s = this.#workers?.stats() ?? {started: 0, replaced: 0, exited: 0, hung: 0, failed: 0, startFailures: 0, lastError: null};
    return {threads: this.threads, noThreads: this.#why, ...s};
  }

  /**
   * Hashes input.length / 64 messages into output: as hashInto of
   * `sha256-simd`, the same results, errors and aliasing (output may be
   * `input.subarray(0, input.length / 2)`). Synchronous.
   * @param {Uint8Array} input
   * @param {Uint8Array} output
   * @returns {void}
   * @throws {Error} "sha256-simd/pool: the pool is closed" after close().
   */
  hashInto(input, output) {
    this.#assertOpen();
    const n = isBytes(input) && isBytes(output) ? lengthOf(input) : 0;
    if (!this.#spreads(n / BLOCK) || n % BLOCK !== 0 || lengthOf(output) * 2 !== n) {
      hashIntoSingle(input, output);
      return;
    }
    const [from, to] = [plainView(input, n), plainView(output, n / 2)];
    const at = plan(n / BLOCK, SLOT_IN / BLOCK, this.threads);
    /** @param {number} i */
    const part = (i) => from.subarray(at[i] * BLOCK, at[i + 1] * BLOCK);
    this.#scheduler.run({
      units: at.length - 1,
      fill: (i, slot) => {
        slot.set(part(i));
        return [OP_HASH, (at[i + 1] - at[i]) * BLOCK, 0];
      },
      collect: (i, out, len) => to.set(out.subarray(0, len / 2), at[i] * CHUNK),
    });
  }

  /**
   * The digests of messages, any lengths, into output: as digestManyInto of
   * `sha256-simd`, spread over the pool's threads. Synchronous.
   * @param {readonly Uint8Array[]} messages
   * @param {Uint8Array} output
   * @returns {void}
   * @throws {Error} "sha256-simd/pool: the pool is closed" after close().
   */
  digestManyInto(messages, output) {
    this.#assertOpen();
    if (!this.#spreads()) {
      digestManyIntoSingle(messages, output);
      return;
    }
    // Read and checked once, with the single-threaded digestManyInto's errors.
    const {items, lengths} = byteList(messages, "messages", "digestManyInto");
    const size = bytesLength(output, "output", "digestManyInto");
    const units = size === CHUNK * items.length ? planMany(lengths, (n) => this.#spreads(n), this.threads) : null;
    if (units === null) {
      digestManyIntoSingle(items, output);
      return;
    }
    const to = plainView(output, size);
    // Messages too long for a slot go first, on the caller.
    for (const i of units.alone) digestManyIntoSingle([items[i]], to.subarray(CHUNK * i, CHUNK * i + CHUNK));
    // Unit i: messages [runs[2i], runs[2i + 1]).
    const {runs} = units;
    /** @param {number} i */
    const part = (i) => items.slice(runs[2 * i], runs[2 * i + 1]);
    this.#scheduler.run({
      units: runs.length / 2,
      fill: (i, slot) => [OP_MANY, fillMany(part(i), lengths.slice(runs[2 * i], runs[2 * i + 1]), slot), runs[2 * i + 1] - runs[2 * i]],
      // Straight from the messages: through a slot-shaped copy, with a view
      // per message, the caller's units cost up to 1.07x (performance-notes, "The pool").
      onCaller: (i) => digestManyIntoSingle(part(i), to.subarray(runs[2 * i] * CHUNK, runs[2 * i + 1] * CHUNK)),
      collect: (i, out) => to.set(out.subarray(0, (runs[2 * i + 1] - runs[2 * i]) * CHUNK), runs[2 * i] * CHUNK),
    });
  }

  /**
   * The digests of messages, any lengths: an Array of 32-byte Uint8Arrays, as
   * digestMany of `sha256-simd`, the same results and errors, the messages
   * spread over the pool's threads in runs of about equal work. Synchronous.
   * @param {readonly Uint8Array[]} messages
   * @returns {Uint8Array[]}
   * @throws {Error} "sha256-simd/pool: the pool is closed" after close().
   */
  digestMany(messages) {
    this.#assertOpen();
    // What the single-threaded digestMany rejects, it rejects with its own errors.
    if (!Array.isArray(messages) || !this.#spreads()) return digestManySingle(messages);
    const {items} = byteList(messages, "messages", "digestMany");
    const all = new Uint8Array(CHUNK * items.length);
    this.digestManyInto(items, all);
    return Array.from({length: items.length}, (_, i) => {
      return digestOf(all.subarray(CHUNK * i, CHUNK * i + CHUNK));
    });
  }

  /**
   * Closes the pool: its workers end, and every later call throws.
   * @returns {Promise<void>}
   */
  async close() {
    if (this.#closed) return;
    this.#closed = true;
    await this.#workers?.close();
  }

  #assertOpen() {
    if (this.#closed) throw new Error("sha256-simd/pool: the pool is closed");
  }
}

/**
 * Starts a pool of `threads` threads in all, the caller's included (default:
 * the available parallelism, at most 16). Where threads are not available
 * (a browser page that is not cross-origin isolated), the pool has 1 thread
 * and every call runs on the caller. Resolves when every worker is ready;
 * rejects, with no worker left running, if one fails to start.
 * @param {HashPoolOptions} [options]
 * @returns {Promise<HashPool>}
 * @throws {TypeError} (rejects) for `options` that is not an object, an option
 * that is not a number (`threads`, `timeoutMs`), or a `workerUrl` that is not
 * a URL or a string.
 * @throws {RangeError} (rejects) for a `threads` that is not an integer from 1
 * to 256, or a `timeoutMs` that is not from 1 to 2^31 - 1.
 */
export async function createHashPool(options = {}) {
  const {threads, timeoutMs, script, alwaysSpread} = readOptions(options);
  const why = threadsUnavailable(backend);
  const n = why === null ? (threads ?? defaultThreads(MAX_DEFAULT_THREADS)) : 1;
  const workers = n > 1 ? new Workers(n - 1, SPIN_MS, script) : null;
  await workers?.start();
  return new Pool(workers, timeoutMs, why, alwaysSpread);
}
