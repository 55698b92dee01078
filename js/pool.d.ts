// Types of `sha256-simd/pool`.
import type {Hasher} from "@chainsafe/persistent-merkle-tree";

export interface HashPoolOptions {
  /**
   * Threads in all, the caller's included. Default: the available
   * parallelism (Node: os.availableParallelism(); browsers:
   * navigator.hardwareConcurrency), at most 16.
   */
  threads?: number;
  /**
   * How long, in ms, a worker may stay on a unit that the caller has already
   * done itself before the worker is taken to hang, terminated and replaced.
   * A call never waits for a worker: it does a late worker's unit itself.
   * Default 1000.
   */
  timeoutMs?: number;
  /**
   * Where the workers' script is, for a bundler that does not follow
   * `new Worker(new URL(...))` (esbuild, Rollup, bun build): a copy of
   * sha256-simd/pool-worker.js, as a URL or a string. Default: the
   * package's own. (Typed by its href, so that no DOM or Node types are needed.)
   */
  workerUrl?: string | {readonly href: string};
}

/** What befell a pool's workers since it started. */
export interface HashPoolStats {
  /** Threads in use now, the caller included. */
  threads: number;
  /** Where this runtime cannot run the pool's threads, why (a page that is not cross-origin isolated, React Native); else null. */
  noThreads: string | null;
  /** Workers started, replacements included. */
  started: number;
  /** Workers that took the place of one that exited, hung or failed. */
  replaced: number;
  /** Workers that exited or were terminated from outside. */
  exited: number;
  /** Workers that stayed on a unit past timeoutMs. */
  hung: number;
  /** Workers that threw while doing a unit (the caller did the unit itself). */
  failed: number;
  /** Replacements that failed to start (each is tried again, later). */
  startFailures: number;
  /** The message of the last of these errors, or null. */
  lastError: string | null;
}

export interface HashPool {
  /**
   * Threads in use now, the caller included: 1 where threads are not
   * available (a browser page that is not cross-origin isolated) and after
   * close(). A worker that exits, hangs or fails is replaced after a back-off
   * (100 ms, doubling for each replacement in a row, up to 30 s); until then
   * the pool runs one thread less.
   */
  readonly threads: number;
  /** Counts of what befell the workers; a long-running process can log or export them. */
  stats(): HashPoolStats;
  /**
   * As hashInto of `sha256-simd`: the same results, errors and aliasing
   * (output may be `input.subarray(0, input.length / 2)`). Synchronous.
   * @throws Error "sha256-simd/pool: the pool is closed" after close().
   */
  hashInto(input: Uint8Array, output: Uint8Array): void;
  /**
   * As digestMany of `sha256-simd`: the same results and errors, the
   * messages spread over the pool's threads in runs of about equal work.
   * Synchronous.
   */
  digestMany(messages: readonly Uint8Array[]): Uint8Array[];
  /** As digestManyInto of `sha256-simd`, spread over the pool's threads. Synchronous. */
  digestManyInto(messages: readonly Uint8Array[], output: Uint8Array): void;
  /**
   * The Hasher of `sha256-simd/hasher` with hashInto, merkleizeBlocksBytes,
   * merkleizeBlockArray, digestNLevel and executeHashComputations spread over
   * the pool's threads; the same results and errors. After close(), every
   * method throws.
   */
  readonly hasher: Hasher;
  /** Ends the workers; every later call throws. */
  close(): Promise<void>;
}

/** The least work, in 64-byte compressions, that a call splits across threads. */
export declare const MIN_PARALLEL_HASHES: number;

/**
 * Starts a pool. Resolves when every worker is ready; rejects, with no
 * worker left running, if one fails to start.
 * @throws TypeError for a `threads` that is not a positive integer or a `timeoutMs` that is not positive.
 */
export declare function createHashPool(options?: HashPoolOptions): Promise<HashPool>;
