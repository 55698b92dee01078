// `sha256-simd/pool` through the package's "exports" map: its hasher is a
// persistent-merkle-tree Hasher.
import {setHasher} from "@chainsafe/persistent-merkle-tree";
import {type HashPool, type HashPoolStats, MIN_PARALLEL_HASHES, createHashPool} from "sha256-simd/pool";

export async function use(): Promise<number> {
  const pool: HashPool = await createHashPool({threads: 4, timeoutMs: 500});
  setHasher(pool.hasher);
  pool.hashInto(new Uint8Array(64), new Uint8Array(32));
  const digests: Uint8Array[] = pool.digestMany([new Uint8Array(3), new Uint8Array(100)]);
  pool.digestManyInto(digests, new Uint8Array(64));
  // @ts-expect-error digestMany takes an array of messages
  pool.digestMany(new Uint8Array(64));
  const threads: number = pool.threads;
  const stats: HashPoolStats = pool.stats();
  const lastError: string | null = stats.lastError;
  const down: number = stats.exited + stats.hung + stats.failed - stats.replaced;
  // @ts-expect-error stats() takes no argument
  pool.stats({reset: true});
  await pool.close();
  // @ts-expect-error threads is read-only
  pool.threads = 2;
  return threads + MIN_PARALLEL_HASHES + down + (lastError?.length ?? 0);
}
