// sha256-simd/pool: hashInto, digestMany and the persistent-merkle-tree Hasher
// spread over several threads, with every call synchronous. Each worker has
// its own instance of the wasm module; data goes through one SharedArrayBuffer
// of fixed size, two slots per worker (js/pool-unit.js). The files, each
// importing only those after it:
//   pool.js         the public pool and its createHashPool
//   pool-hasher.js  the Hasher adapter
//   pool-run.js     the scheduler: units on the workers and the caller
//   pool-plan.js    how calls are cut into units
//   pool-spawn.js   starting and replacing workers
//   pool-unit.js    the shared buffer's layout and the unit function
//   pool-serve.js   a worker's loop (pool-worker.js runs it)
import {
  digestMany as digestManySingle,
  digestManyInto as digestManyIntoSingle,
  hashInto as hashIntoSingle,
} from "./index.js";
import {backend} from "./core/loader.js";
import {poolHasher} from "./pool/hasher.js";
import {plan, planMany} from "./pool/plan.js";
import {Scheduler} from "./pool/run.js";
import {Crew, defaultThreads, threadsUnavailable} from "./pool/spawn.js";
import * as u from "./pool/unit.js";
import {BLOCK, CHUNK} from "./core/sizes.js";

/**
 * The least work, in 64-byte compressions, that is split across threads:
 * below it a sleeping worker's wake-up costs more than it saves
 * (docs/performance-notes.md, "The pool").
 */
export const MIN_PARALLEL_HASHES = 4096;
/** How long a worker spins for a next unit before it sleeps: a few wake-ups' worth (docs/performance-notes.md, "The pool"). */
const SPIN_MS = 1;
/**
 * How long a worker may stay on a unit that the caller has already done
 * itself before it is taken to hang and is replaced.
 */
const DEFAULT_TIMEOUT_MS = 1000;
const MAX_DEFAULT_THREADS = 16;
/** Internal: options[WORKER_SCRIPT] = {url, data, started} runs another worker script (tests: one with faults). */
const WORKER_SCRIPT = Symbol.for("sha256-simd/pool.workerScript");

const isBytes = (x) => x instanceof Uint8Array;

class Pool {
  #crew = null;
  #scheduler = null;
  #closed = false;

  /** @internal Use createHashPool(). */
  constructor(crew, timeoutMs) {
    this.#crew = crew;
    if (crew) this.#scheduler = new Scheduler(crew, timeoutMs);
    // What the Hasher adapter needs of the pool, and nothing else.
    const pool = this;
    this.hasher = poolHasher({
      get threads() {
        return pool.threads;
      },
      least: MIN_PARALLEL_HASHES,
      run: (job) => this.#scheduler.run(job),
      scratch: this.#scheduler?.scratch,
      hashInto: (input, output) => this.hashInto(input, output),
      assertOpen: () => this.#assertOpen(),
    });
  }

  /** Threads in use now, the caller included. */
  get threads() {
    return this.#crew && !this.#closed ? 1 + this.#crew.live : 1;
  }

  /**
   * What befell the workers since the pool started: workers started, those
   * replaced, those that exited, hung or failed a unit, replacements that
   * failed to start, and the last error's message (or null).
   */
  stats() {
    const s = this.#crew?.stats() ?? {started: 0, replaced: 0, exited: 0, hung: 0, failed: 0, startFailures: 0, lastError: null};
    return {threads: this.threads, ...s};
  }

  /** Hashes input.length / 64 messages into output; as hashInto of sha256-simd. */
  hashInto(input, output) {
    this.#assertOpen();
    const n = isBytes(input) && isBytes(output) ? input.length / BLOCK : 0;
    if (this.threads === 1 || n < MIN_PARALLEL_HASHES || !Number.isInteger(n) || output.length * 2 !== input.length) {
      hashIntoSingle(input, output);
      return;
    }
    const at = plan(n, u.SLOT_IN / BLOCK, this.threads);
    const part = (i) => input.subarray(at[i] * BLOCK, at[i + 1] * BLOCK);
    this.#scheduler.run({
      units: at.length - 1,
      fill: (i, slot) => {
        slot.set(part(i));
        return [u.OP_HASH, (at[i + 1] - at[i]) * BLOCK, 0];
      },
      own: (i) => hashIntoSingle(part(i), output.subarray(at[i] * CHUNK, at[i + 1] * CHUNK)),
      collect: (i, out, len) => output.set(out.subarray(0, len / 2), at[i] * CHUNK),
    });
  }

  /** The digests of messages, any lengths, into output; as digestManyInto of sha256-simd. */
  digestManyInto(messages, output) {
    this.#assertOpen();
    const units = this.threads === 1 ? null : planMany(messages, output, MIN_PARALLEL_HASHES, this.threads);
    if (units === null) {
      digestManyIntoSingle(messages, output);
      return;
    }
    // Messages too long for a slot go first, on the caller.
    for (const i of units.alone) digestManyIntoSingle([messages[i]], output.subarray(CHUNK * i, CHUNK * i + CHUNK));
    // Unit i: messages [runs[2i], runs[2i + 1]).
    const {runs} = units;
    const part = (i) => messages.slice(runs[2 * i], runs[2 * i + 1]);
    this.#scheduler.run({
      units: runs.length / 2,
      fill: (i, slot) => [u.OP_MANY, u.fillMany(part(i), slot), runs[2 * i + 1] - runs[2 * i]],
      own: (i) => digestManyIntoSingle(part(i), output.subarray(runs[2 * i] * CHUNK, runs[2 * i + 1] * CHUNK)),
      collect: (i, out) => output.set(out.subarray(0, (runs[2 * i + 1] - runs[2 * i]) * CHUNK), runs[2 * i] * CHUNK),
    });
  }

  /** The digests of messages, any lengths: an Array of 32-byte views of one buffer, as digestMany of sha256-simd. */
  digestMany(messages) {
    this.#assertOpen();
    // What the single-threaded digestMany rejects, it rejects with its own errors.
    if (!Array.isArray(messages) || !messages.every(isBytes)) return digestManySingle(messages);
    const all = new Uint8Array(CHUNK * messages.length);
    this.digestManyInto(messages, all);
    return Array.from({length: messages.length}, (_, i) => all.subarray(CHUNK * i, CHUNK * i + CHUNK));
  }

  /** Closes the pool: its workers end, and every later call throws. */
  async close() {
    if (this.#closed) return;
    this.#closed = true;
    await this.#crew?.close();
  }

  #assertOpen() {
    if (this.#closed) throw new Error("sha256-simd/pool: the pool is closed");
  }
}

/**
 * Starts a pool of `threads` threads in all, the caller's included (default:
 * the available parallelism, at most 16). Where threads are not available
 * (a browser page that is not cross-origin isolated), the pool has 1 thread
 * and every call runs on the caller.
 */
export async function createHashPool(options = {}) {
  const {threads, timeoutMs = DEFAULT_TIMEOUT_MS} = options;
  if (threads !== undefined && !(Number.isInteger(threads) && threads >= 1)) {
    throw new TypeError(`createHashPool: threads must be a positive integer, got ${threads}`);
  }
  if (!(timeoutMs > 0)) throw new TypeError(`createHashPool: timeoutMs must be a positive number, got ${timeoutMs}`);
  const n = threadsUnavailable(backend) === null ? (threads ?? (await defaultThreads(MAX_DEFAULT_THREADS))) : 1;
  const crew = n > 1 ? new Crew(n - 1, SPIN_MS, options[WORKER_SCRIPT]) : null;
  await crew?.start();
  return new Pool(crew, timeoutMs);
}
