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
   * How long the caller waits for a unit a worker has started before it
   * gives the worker up (terminates it) and does the unit itself. Default 1000.
   */
  timeoutMs?: number;
}

export interface HashPool {
  /**
   * Threads in use, the caller included: 1 where threads are not available
   * (a browser page that is not cross-origin isolated); one less for each
   * worker that died or hung.
   */
  readonly threads: number;
  /**
   * As hashInto of `sha256-simd`: the same results, errors and aliasing
   * (output may be `input.subarray(0, input.length / 2)`). Synchronous.
   * @throws Error "sha256-simd/pool: the pool is closed" after close().
   * @throws Error "sha256-simd/pool: a worker failed: ..." when a worker throws.
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
 * Starts a pool. Resolves when every worker is ready.
 * @throws TypeError for a `threads` that is not a positive integer or a `timeoutMs` that is not positive.
 */
export declare function createHashPool(options?: HashPoolOptions): Promise<HashPool>;
