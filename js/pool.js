// sha256-simd/pool: hashInto and the persistent-merkle-tree Hasher spread over
// several threads, with every call synchronous. Each worker has its own
// instance of the wasm module; data goes through one SharedArrayBuffer of
// fixed size, two slots per worker (js/pool-unit.js). A call splits its work
// into units, posts them into the workers' slots, does units itself until
// none is left, takes back the units that no worker has started, and does
// the started ones too unless their worker finishes first (#race). Work below MIN_PARALLEL_HASHES runs on the caller alone.
import {
  digest2Bytes32,
  digestMany as digestManySingle,
  digestManyInto as digestManyIntoSingle,
  hashInto as hashIntoSingle,
} from "./index.js";
import {hasher as single} from "./hasher.js";
import {backend} from "./instance.js";
import {hashObjectIntoWords, wordsIntoHashObject} from "./hashObject.js";
import * as u from "./pool-unit.js";

/**
 * The least work, in 64-byte compressions, that is split across threads.
 * Measured on a 2-core VM with little other load (Node 24, 2 threads against
 * the single-threaded package, interleaved, best and median of 7): with the
 * worker awake, 2^10 messages ran 1.30-1.35x faster; with the worker woken
 * from sleep (calls 6 ms apart), 2^10 ran at 0.80-0.87 of the single-threaded
 * speed, 2^11 at 0.96-1.04 and 2^12 at 1.11-1.14. A wake-up costs 10-45 us,
 * and a woken worker can share the caller's core for ms; the caller never
 * waits for it (#race), so from 2^12 on, a late worker costs little.
 */
export const MIN_PARALLEL_HASHES = 4096;
/** The least items in a unit: 128 messages, about 20 us on one core, against 0.3-0.4 us for a round trip to an awake worker. */
const MIN_UNIT = 128;
/**
 * How long a worker spins for a next unit before it sleeps: a few wake-ups'
 * worth (10-45 us each, and up to ms on a busy VM), so that a run of large
 * calls does not pay one per call, at the cost of 1 ms of one core per call.
 */
const SPIN_MS = 1;
/**
 * How long a worker may take to finish a unit that the caller did itself
 * before it is taken to hang and is retired (checked at the next call).
 */
const DEFAULT_TIMEOUT_MS = 1000;
/** Input bytes the caller does between looks at a unit it races a worker for: 512 messages, about 0.1 ms. */
const RACE_PIECE = 32 * 1024;
const SETTLE_DONE = 0;
const SETTLE_TAKE_BACK = 1;
const SETTLE_RACE = 2;
const MAX_DEFAULT_THREADS = 16;
/** How long a worker may take to start (25 ms each when the machine is idle). */
const START_TIMEOUT_MS = 20000;

const isNode = typeof process === "object" && typeof process.versions?.node === "string";
/**
 * A Node built-in module. The specifier is not a literal, so that bundlers
 * building for browsers (esbuild) leave this import alone.
 */
const nodeBuiltin = async (name) => globalThis.process?.getBuiltinModule?.(name) ?? import(name);
const CHUNK = 32;
const BLOCK = 64;
const UNIT_MESSAGES = u.SLOT_IN / BLOCK;

/** Where threads are not available, why: null where they are. */
function threadsUnavailable() {
  // Where wasm is missing or refused, a worker could not do better than the caller.
  if (backend === "js") return "the portable backend is in use";
  if (typeof SharedArrayBuffer !== "function") return "SharedArrayBuffer is not available";
  if (!isNode) {
    if (globalThis.crossOriginIsolated !== true) return "the page is not cross-origin isolated";
    if (typeof Worker !== "function") return "Worker is not available";
  }
  return null;
}

async function defaultThreads() {
  let n = 1;
  if (isNode) {
    const os = await nodeBuiltin("node:os");
    n = os.availableParallelism?.() ?? os.cpus().length;
  } else {
    n = globalThis.navigator?.hardwareConcurrency ?? 1;
  }
  return Math.max(1, Math.min(MAX_DEFAULT_THREADS, n));
}

const workerUrl = new URL("./pool-worker.js", import.meta.url);

/**
 * The caller's Node options for a worker, less those a worker refuses or
 * must not run again: --input-type (a worker throws ERR_INPUT_TYPE_NOT_ALLOWED)
 * and the code of -e and -p. Each of these takes the next argument as its
 * value unless written with "=".
 */
function workerExecArgv(execArgv) {
  const out = [];
  for (let i = 0; i < execArgv.length; i++) {
    const [flag] = execArgv[i].split("=");
    if (["--input-type", "-e", "--eval", "-p", "--print", "-pe"].includes(flag)) {
      if (!execArgv[i].includes("=")) i++;
      continue;
    }
    out.push(execArgv[i]);
  }
  return out;
}

/** Starts one worker and resolves when it is ready for units. */
async function spawn(data) {
  let w;
  let timer;
  const ready = new Promise((resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`sha256-simd/pool: a worker did not start within ${START_TIMEOUT_MS} ms`)), START_TIMEOUT_MS);
    if (isNode) {
      nodeBuiltin("node:worker_threads").then(({Worker}) => {
        w = new Worker(workerUrl, {workerData: data, execArgv: workerExecArgv(process.execArgv)});
        // Parked workers must not keep the process alive.
        w.unref();
        w.once("message", resolve);
        w.once("error", reject);
        w.once("exit", (code) => reject(new Error(`sha256-simd/pool: a worker exited with code ${code} while starting`)));
      }, reject);
    } else {
      w = new Worker(workerUrl, {type: "module"});
      w.onmessage = resolve;
      w.onerror = (e) => reject(new Error(`sha256-simd/pool: a worker failed to start: ${e.message ?? e}`));
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
  if (isNode) {
    w.removeAllListeners();
    // Later errors show as DEAD slots or timeouts; they must not be uncaught.
    w.on("error", () => {});
  } else {
    w.onmessage = null;
    w.onerror = null;
  }
  return {terminate: () => w.terminate()};
}

/** Root of d zero levels: zeroHashes[d]. */
const zeroHashes = [new Uint8Array(CHUNK)];
function zeroHash(depth) {
  while (zeroHashes.length <= depth) {
    const z = zeroHashes[zeroHashes.length - 1];
    zeroHashes.push(digest2Bytes32(z, z));
  }
  return zeroHashes[depth];
}

/**
 * The root at depth `levels` of consecutive subtrees, left to right, whose
 * roots are at the start of `roots` and whose depths never grow, each
 * starting at a multiple of its own size: a binary counter of (root, depth),
 * where two equal depths on top are siblings; what is left is padded with
 * zero hashes.
 */
function rootOfSubtrees(roots, depths, levels) {
  const stack = [];
  for (let i = 0; i < depths.length; i++) {
    let root = roots.subarray(i * CHUNK, (i + 1) * CHUNK);
    let depth = depths[i];
    while (stack.length > 0 && stack[stack.length - 1].depth === depth) {
      root = digest2Bytes32(stack.pop().root, root);
      depth++;
    }
    stack.push({root, depth});
  }
  let {root, depth} = stack.pop();
  for (; depth < levels; depth++) {
    const left = stack.length > 0 && stack[stack.length - 1].depth === depth ? stack.pop().root : null;
    root = left ? digest2Bytes32(left, root) : digest2Bytes32(root, zeroHash(depth));
  }
  return root;
}

const isBytes = (x) => x instanceof Uint8Array;
/** The 64-byte compressions of an n-byte message, its padding included. */
const compressions = (n) => Math.ceil((n + 9) / BLOCK);
const levelsFor = (padFor) => (padFor >= 1 ? Math.ceil(Math.log2(padFor)) : NaN);

/** The largest power of two <= x, for x >= 1. */
const floorPow2 = (x) => 2 ** Math.floor(Math.log2(x));

class Pool {
  #threads = 1;
  #workers = [];
  #ctl = null;
  #closed = false;
  #timeoutMs;
  #seq = 0;
  #scratchOut = new Uint8Array(u.SLOT_OUT);
  /** The caller's own units' work area, one at a time. */
  #scratch = new Uint8Array(u.SLOT_IN);
  #result = {h0: 0, h1: 0, h2: 0, h3: 0, h4: 0, h5: 0, h6: 0, h7: 0};

  /** @internal Use createHashPool(). */
  constructor(timeoutMs) {
    this.#timeoutMs = timeoutMs;
    // Each method checks that the pool is open, then passes on the arguments
    // of persistent-merkle-tree's Hasher interface as they are.
    const open = () => this.#assertOpen();
    this.hasher = {
      name: "sha256-simd-pool",
      hashInto: (input, output) => this.hashInto(input, output),
      digest64: (a, b) => (open(), single.digest64(a, b)),
      digest64Into: (a, b, out) => (open(), single.digest64Into(a, b, out)),
      digest64HashObjects: (a, b, out) => (open(), single.digest64HashObjects(a, b, out)),
      merkleizeBlocksBytes: (b, padFor, out, offset) => (open(), this.#merkleizeBlocksBytes(b, padFor, out, offset)),
      merkleizeBlockArray: (b, limit, padFor, out, offset) => (open(), this.#merkleizeBlockArray(b, limit, padFor, out, offset)),
      digestNLevel: (data, nLevel) => (open(), this.#digestNLevel(data, nLevel)),
      executeHashComputations: (hcs) => (open(), this.#executeHashComputations(hcs)),
    };
    Object.freeze(this.hasher);
  }

  /** @internal */
  async start(threads) {
    const workers = threads - 1;
    if (workers < 1) return;
    const sab = new SharedArrayBuffer(u.controlBytes(workers) + workers * u.SLOTS * u.SLOT_BYTES);
    this.#ctl = new Int32Array(sab, 0, workers * u.CONTROL_WORDS);
    const started = await Promise.allSettled(
      Array.from({length: workers}, (_, i) => spawn({sab, workers, worker: i, spinMs: SPIN_MS})),
    );
    const failed = started.find((r) => r.status === "rejected");
    if (failed) {
      for (const r of started) if (r.status === "fulfilled") r.value.terminate();
      throw failed.reason;
    }
    this.#workers = started.map((r, i) => {
      const slot = (s) => u.slotOffset(workers, i, s);
      return {
        index: i,
        live: true,
        handle: r.value,
        in: [0, 1].map((s) => new Uint8Array(sab, slot(s), u.SLOT_IN)),
        out: [0, 1].map((s) => new Uint8Array(sab, slot(s) + u.SLOT_IN, u.SLOT_OUT)),
        unit: [-1, -1],
        /** Per slot: 0, or until when a worker may finish a unit that the caller did itself. */
        abandoned: [0, 0],
      };
    });
    this.#threads = threads;
  }

  /** Threads in use, the caller included. */
  get threads() {
    return this.#threads;
  }

  /** Hashes input.length / 64 messages into output; as hashInto of sha256-simd. */
  hashInto(input, output) {
    this.#assertOpen();
    const n = isBytes(input) && isBytes(output) ? input.length / BLOCK : 0;
    if (this.#threads === 1 || n < MIN_PARALLEL_HASHES || !Number.isInteger(n) || output.length * 2 !== input.length) {
      hashIntoSingle(input, output);
      return;
    }
    const at = this.#plan(n, UNIT_MESSAGES);
    const part = (i) => input.subarray(at[i] * BLOCK, at[i + 1] * BLOCK);
    this.#run({
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
    const units = this.#threads === 1 ? null : this.#planMany(messages, output);
    if (units === null) {
      digestManyIntoSingle(messages, output);
      return;
    }
    // Messages too long for a slot go first, on the caller.
    for (const i of units.alone) digestManyIntoSingle([messages[i]], output.subarray(CHUNK * i, CHUNK * i + CHUNK));
    // Unit i: messages [runs[2i], runs[2i + 1]).
    const {runs} = units;
    const part = (i) => messages.slice(runs[2 * i], runs[2 * i + 1]);
    this.#run({
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

  /**
   * Units of digestManyInto: runs of messages (start and end of each, one
   * after another in `runs`) whose lengths, bytes and digests fit a slot,
   * each a share of the compressions left (as #plan), with the messages too
   * long for a slot apart (`alone`, on the caller).
   * null where the call stays on the caller: too little work, or arguments
   * that the single-threaded digestManyInto rejects with its errors.
   */
  #planMany(messages, output) {
    if (!Array.isArray(messages) || !isBytes(output) || output.length !== CHUNK * messages.length) return null;
    let blocks = 0;
    for (const m of messages) {
      if (!isBytes(m)) return null;
      blocks += compressions(m.length);
    }
    if (blocks < MIN_PARALLEL_HASHES) return null;
    const runs = [];
    const alone = [];
    const fits = (count, bytes) => 4 * count + bytes <= u.SLOT_IN && count <= u.MANY_PER_UNIT;
    // Messages of a run are consecutive; one too long for a slot ends the run.
    let left = blocks;
    for (let i = 0; i < messages.length; ) {
      if (!fits(1, messages[i].length)) {
        alone.push(i);
        left -= compressions(messages[i].length);
        i++;
        continue;
      }
      const share = this.#share(left, MIN_UNIT);
      let count = 0;
      let bytes = 0;
      let unitBlocks = 0;
      runs.push(i);
      while (i < messages.length && unitBlocks < share && fits(count + 1, bytes + messages[i].length)) {
        bytes += messages[i].length;
        unitBlocks += compressions(messages[i].length);
        count++;
        i++;
      }
      left -= unitBlocks;
      runs.push(i);
    }
    return {runs, alone};
  }

  /** Closes the pool: its workers end, and every later call throws. */
  async close() {
    if (this.#closed) return;
    this.#closed = true;
    const workers = this.#workers;
    this.#workers = [];
    this.#threads = 1;
    await Promise.all(workers.filter((w) => w.live).map((w) => w.handle.terminate()));
  }

  #assertOpen() {
    if (this.#closed) throw new Error("sha256-simd/pool: the pool is closed");
  }

  /**
   * Splits `items` into units, returned as their starts followed by the end:
   * each unit a share of what is left (guided self-scheduling), at most max
   * and at least MIN_UNIT. The first units are large, so that hand-offs are
   * few, and the last are small, so that the threads finish together: a
   * unit that a worker still holds at the end is done twice (#race).
   */
  #plan(items, max) {
    const at = [0];
    for (let done = 0; done < items; at.push(done)) {
      const left = items - done;
      done += Math.min(left, max, this.#share(left, MIN_UNIT));
    }
    return at;
  }

  /** A unit's share of `left` items left to do: a quarter of them on 2 threads, and at least `least`. */
  #share(left, least) {
    return Math.max(least, Math.ceil(left / (2 * this.#threads)));
  }

  #merkleizeBlocksBytes(blocksBytes, padFor, output, offset) {
    const levels = levelsFor(padFor);
    const n = isBytes(blocksBytes) && blocksBytes.length % BLOCK === 0 ? Math.min(blocksBytes.length / CHUNK, 2 ** levels) : 0;
    if (this.#threads === 1 || !(n >= MIN_PARALLEL_HASHES) || !Number.isFinite(levels)) {
      single.merkleizeBlocksBytes(blocksBytes, padFor, output, offset);
      return;
    }
    this.#merkleizeSubtrees(n, levels, output, offset, (first, count, slot) => {
      slot.set(blocksBytes.subarray(first * CHUNK, (first + count) * CHUNK));
    }, (first, count, size, roots, at) => {
      single.merkleizeBlocksBytes(blocksBytes.subarray(first * CHUNK, (first + count) * CHUNK), size, roots, at);
    });
  }

  #merkleizeBlockArray(blocks, blockLimit, padFor, output, offset) {
    const levels = levelsFor(padFor);
    const ok = Array.isArray(blocks) && Number.isInteger(blockLimit) && blockLimit >= 0 && blockLimit <= blocks.length &&
      blocks.every((b) => isBytes(b) && b.length === BLOCK);
    const n = ok ? Math.min(2 * blockLimit, 2 ** levels) : 0;
    if (this.#threads === 1 || !(n >= MIN_PARALLEL_HASHES) || !Number.isFinite(levels)) {
      single.merkleizeBlockArray(blocks, blockLimit, padFor, output, offset);
      return;
    }
    const copy = (first, count, into) => {
      for (let b = first / 2, at = 0; at < count * CHUNK; b++, at += BLOCK) into.set(blocks[b], at);
    };
    this.#merkleizeSubtrees(n, levels, output, offset, copy, (first, count, size, roots, at) => {
      copy(first, count, this.#scratch);
      single.merkleizeBlocksBytes(this.#scratch.subarray(0, count * CHUNK), size, roots, at);
    });
  }

  /**
   * The root of n chunks (n even) padded to 2^levels: subtrees on all
   * threads, their roots combined on the caller (rootOfSubtrees). Each
   * subtree is a power of two in size, a share of what is left as in #plan,
   * so the sizes never grow and each subtree starts at a multiple of its
   * size; only the last may be partial (padded to its size by merkleize).
   */
  #merkleizeSubtrees(n, levels, output, offset, fill, own) {
    const max = Math.min(u.SLOT_IN / CHUNK, 2 ** (levels - 1));
    const plan = [];
    for (let first = 0; first < n; ) {
      const size = Math.min(max, floorPow2(this.#share(n - first, 2 * MIN_UNIT)));
      plan.push({first, count: Math.min(size, n - first), size});
      first += size;
    }
    const roots = new Uint8Array(plan.length * CHUNK);
    this.#run({
      units: plan.length,
      fill: (i, slot) => {
        const {first, count, size} = plan[i];
        fill(first, count, slot);
        return [u.OP_MERKLEIZE, count * CHUNK, size];
      },
      own: (i) => own(plan[i].first, plan[i].count, plan[i].size, roots, i * CHUNK),
      collect: (i, out) => roots.set(out.subarray(0, CHUNK), i * CHUNK),
    });
    const depths = plan.map(({size}) => Math.log2(size));
    output.set(rootOfSubtrees(roots, depths, levels), offset);
  }

  #digestNLevel(data, nLevel) {
    const group = Number.isInteger(nLevel) && nLevel >= 1 ? 2 ** nLevel * CHUNK : 0;
    const n = isBytes(data) && group > 0 && group <= u.SLOT_IN && data.length % group === 0 ? data.length / CHUNK : 0;
    if (this.#threads === 1 || n < MIN_PARALLEL_HASHES) return single.digestNLevel(data, nLevel);
    const at = this.#plan(data.length / group, u.SLOT_IN / group).map((g) => g * group);
    const ratio = 2 ** nLevel;
    const part = (i) => data.subarray(at[i], at[i + 1]);
    this.#run({
      units: at.length - 1,
      fill: (i, slot) => {
        slot.set(part(i));
        return [u.OP_NLEVEL, at[i + 1] - at[i], nLevel];
      },
      // Through a copy, as on the workers: the single-threaded digestNLevel
      // leaves data past the roots unchanged, and so must this one.
      own: (i) => {
        const work = this.#scratch.subarray(0, at[i + 1] - at[i]);
        work.set(part(i));
        data.set(single.digestNLevel(work, nLevel), at[i] / ratio);
      },
      collect: (i, out, len) => data.set(out.subarray(0, len / ratio), at[i] / ratio),
    });
    return data.subarray(0, data.length / ratio);
  }

  #executeHashComputations(hashComputations) {
    for (let level = hashComputations.length - 1; level >= 0; level--) {
      const hcLevel = hashComputations[level];
      if (!hcLevel) throw new Error(`no hash computations for level ${level}`);
      if (this.#threads === 1 || !(hcLevel.length >= MIN_PARALLEL_HASHES)) {
        single.executeHashComputations([hcLevel]);
      } else {
        this.#hashLevel(hcLevel);
      }
    }
  }

  /** One level of HashComputations: the caller packs pairs into slots, any thread hashes them. */
  #hashLevel(hcLevel) {
    const total = hcLevel.length;
    const at = this.#plan(total, UNIT_MESSAGES);
    const iter = hcLevel[Symbol.iterator]();
    let index = 0;
    const dests = new Map();
    const pack = (i, bytes) => {
      const words = new Int32Array(bytes.buffer, bytes.byteOffset, bytes.length / 4);
      const count = at[i + 1] - at[i];
      const d = new Array(count);
      for (let j = 0; j < count; j++, index++) {
        const next = iter.next();
        const hc = next.value;
        if (next.done || !hc.src0 || !hc.src1 || !hc.dest) throw new Error(`Invalid HashComputation at index ${index}`);
        hashObjectIntoWords(hc.src0, words, 16 * j);
        hashObjectIntoWords(hc.src1, words, 16 * j + 8);
        d[j] = hc.dest;
      }
      return d;
    };
    const result = this.#result;
    const apply = (d, out) => {
      const words = new Int32Array(out.buffer, out.byteOffset, out.length / 4);
      for (let j = 0; j < d.length; j++) {
        wordsIntoHashObject(words, 8 * j, result);
        d[j].applyHash(result);
      }
    };
    this.#run({
      units: at.length - 1,
      fill: (i, slot) => {
        const d = pack(i, slot);
        dests.set(i, d);
        return [u.OP_HASH, d.length * BLOCK, 0];
      },
      own: (i) => {
        const bytes = this.#scratch;
        const d = pack(i, bytes);
        hashIntoSingle(bytes.subarray(0, d.length * BLOCK), bytes.subarray(0, d.length * CHUNK));
        apply(d, bytes);
      },
      collect: (i, out) => {
        apply(dests.get(i), out);
        dests.delete(i);
      },
    });
  }

  /**
   * Runs a job of `units` units, in order of index: fill(i, slotInput)
   * copies unit i into a slot and returns [op, length, arg]; own(i) does unit
   * i on the caller from the original data; collect(i, out, length) takes a
   * unit's result from a slot's output (or the caller's copy of it). Units
   * are started in order of index, and each unit's input is read when it is
   * started, so an output that overwrites already-read input (hashInto with
   * output = the start of input, digestNLevel) is safe.
   */
  #run(job) {
    const ctl = this.#ctl;
    let next = 0;
    let pending = 0;
    let error = null;
    const post = () => {
      for (const w of this.#workers) {
        if (!w.live) continue;
        for (let s = 0; s < u.SLOTS && next < job.units; s++) {
          if (w.unit[s] >= 0 || w.abandoned[s] !== 0) continue;
          const i = next++;
          const [op, len, arg] = job.fill(i, w.in[s]);
          ctl[u.slotWord(w.index, s, u.OP)] = op;
          ctl[u.slotWord(w.index, s, u.LEN)] = len;
          ctl[u.slotWord(w.index, s, u.ARG)] = arg;
          ctl[u.slotWord(w.index, s, u.SEQ)] = this.#seq++ | 0;
          Atomics.store(ctl, u.slotWord(w.index, s, u.STATE), u.POSTED);
          w.unit[s] = i;
          pending++;
          // Rung for each unit, so that the worker starts on the first while
          // the caller fills the second.
          const bell = w.index * u.CONTROL_WORDS + u.DOORBELL;
          Atomics.add(ctl, bell, 1);
          Atomics.notify(ctl, bell);
        }
      }
    };
    /**
     * Settles slot s of w: if it has finished; with mode TAKE_BACK also if
     * no worker has started it (the caller does it); with mode RACE also if
     * a worker is on it (the caller does it too, see #race).
     */
    const settle = (w, s, mode) => {
      const i = w.unit[s];
      const state = u.slotWord(w.index, s, u.STATE);
      const len = ctl[u.slotWord(w.index, s, u.LEN)];
      let st = Atomics.load(ctl, state);
      if (st === u.POSTED || st === u.CLAIMED) {
        if (mode === SETTLE_DONE) return;
        if (st === u.POSTED && Atomics.compareExchange(ctl, state, u.POSTED, u.FREE) === u.POSTED) {
          st = u.FREE;
        } else {
          if (mode !== SETTLE_RACE) return;
          st = error === null ? this.#race(job, w, s, i) : Atomics.load(ctl, state);
          if (st === u.CLAIMED) {
            // The caller has the unit's result (or, after an error, needs
            // none): the slot stays the worker's until it reports the unit
            // finished, and is reused only then (#reclaim).
            w.unit[s] = -1;
            w.abandoned[s] = performance.now() + this.#timeoutMs;
            pending--;
            return;
          }
        }
      }
      w.unit[s] = -1;
      pending--;
      if (st === u.DONE) {
        Atomics.store(ctl, state, u.FREE);
        if (error === null) job.collect(i, w.out[s], len);
      } else if (st === u.FAILED) {
        Atomics.store(ctl, state, u.FREE);
        error ??= new Error(`sha256-simd/pool: a worker failed: ${this.#failure(w, s)}`);
      } else {
        // DEAD, or taken back (FREE): if DEAD, the worker gets no more
        // units. The slot's input is intact (workers only write the output
        // area), and a digest is the same wherever it is computed.
        if (st !== u.FREE) this.#retire(w);
        if (error === null) this.#redo(job, w, s, i, len);
      }
    };
    const settleAll = (mode) => {
      for (const w of this.#workers) for (let s = 0; s < u.SLOTS; s++) if (w.unit[s] >= 0) settle(w, s, mode);
    };
    const finish = () => {
      while (pending > 0) {
        settleAll(SETTLE_TAKE_BACK);
        settleAll(SETTLE_RACE);
      }
    };
    this.#reclaim();
    try {
      while (next < job.units && error === null) {
        // Finished units are collected before posting, so that their slots
        // are refilled now rather than after the caller's next unit: posting
        // first left the worker idle for about one unit in three (2^20
        // messages on Node 24, 2 threads, median of 9 interleaved rounds:
        // 1.70x before, 1.87x after).
        if (pending > 0) settleAll(SETTLE_DONE);
        post();
        if (next < job.units && error === null) job.own(next++);
      }
      finish();
    } catch (e) {
      // Units still out are abandoned, so the next call finds every slot free.
      error = e;
      finish();
    }
    if (error !== null) throw error;
  }

  /** The error message a worker left in slot s. */
  #failure(w, s) {
    return new TextDecoder().decode(w.out[s].slice(0, this.#ctl[u.slotWord(w.index, s, u.ARG)]));
  }

  /** Unit i, which slot s of w holds, done on the caller from the slot's input. */
  #redo(job, w, s, i, len) {
    const op = this.#ctl[u.slotWord(w.index, s, u.OP)];
    const arg = this.#ctl[u.slotWord(w.index, s, u.ARG)];
    u.runUnit(op, w.in[s], len, arg, this.#scratchOut, this.#scratch);
    job.collect(i, this.#scratchOut, len);
  }

  /**
   * Unit i, which a worker has started in slot s of w, done on the caller as
   * well, in pieces of RACE_PIECE bytes, until either finishes: the caller
   * never waits for a worker longer than the unit would take it alone (a
   * worker woken from sleep can share the caller's core for ms, and one may
   * hang). Returns CLAIMED with the unit collected when the caller finished
   * first; otherwise the state the worker left the slot in, uncollected.
   */
  #race(job, w, s, i) {
    const ctl = this.#ctl;
    const state = u.slotWord(w.index, s, u.STATE);
    const op = ctl[u.slotWord(w.index, s, u.OP)];
    const len = ctl[u.slotWord(w.index, s, u.LEN)];
    const arg = ctl[u.slotWord(w.index, s, u.ARG)];
    const out = this.#scratchOut;
    if (op === u.OP_MANY) {
      // Messages of any lengths do not cut into even pieces: the caller does the unit whole.
      if (Atomics.load(ctl, state) !== u.CLAIMED) return Atomics.load(ctl, state);
      u.runUnit(op, w.in[s], len, arg, out, this.#scratch);
      job.collect(i, out, len);
      return u.CLAIMED;
    }
    // A merkleized unit is done as subtrees of `leaves` chunks, then combined.
    const leaves = op === u.OP_MERKLEIZE ? Math.min(arg, RACE_PIECE / CHUNK) : 0;
    const group = op === u.OP_NLEVEL ? 2 ** arg * CHUNK : BLOCK;
    const piece = op === u.OP_MERKLEIZE ? leaves * CHUNK : Math.max(group, RACE_PIECE - (RACE_PIECE % group));
    const ratio = op === u.OP_NLEVEL ? 2 ** arg : 2;
    let pieces = 0;
    for (let at = 0; at < len; at += piece, pieces++) {
      const st = Atomics.load(ctl, state);
      if (st !== u.CLAIMED) return st;
      const part = w.in[s].subarray(at);
      const length = Math.min(piece, len - at);
      if (op === u.OP_MERKLEIZE) u.runUnit(op, part, length, leaves, out.subarray(pieces * CHUNK), this.#scratch);
      else u.runUnit(op, part, length, arg, out.subarray(at / ratio), this.#scratch);
    }
    if (op === u.OP_MERKLEIZE) out.set(rootOfSubtrees(out, new Array(pieces).fill(Math.log2(leaves)), Math.log2(arg)));
    job.collect(i, out, len);
    return u.CLAIMED;
  }

  /**
   * Frees the slots that calls left to workers still on them, once the
   * worker has finished. A worker's error in such a unit is dropped: the
   * call it belonged to computed that unit itself and returned its result,
   * and the error says nothing about later calls. A worker that has not
   * finished within the timeout (hangs) or has exited is retired.
   */
  #reclaim() {
    const ctl = this.#ctl;
    for (const w of this.#workers) {
      for (let s = 0; s < u.SLOTS && w.live; s++) {
        if (w.abandoned[s] === 0) continue;
        const state = u.slotWord(w.index, s, u.STATE);
        const st = Atomics.load(ctl, state);
        if (st === u.CLAIMED) {
          if (performance.now() > w.abandoned[s]) this.#retire(w);
        } else if (st === u.DEAD) {
          this.#retire(w);
        } else {
          Atomics.store(ctl, state, u.FREE);
          w.abandoned[s] = 0;
        }
      }
    }
  }

  #retire(w) {
    if (!w.live) return;
    w.live = false;
    this.#threads--;
    w.handle.terminate();
  }

  /** @internal Tests only: makes worker `worker` exit, hang, throw or stall (for 300 ms) on its next unit. */
  [Symbol.for("sha256-simd/pool.injectFault")](worker, fault) {
    const code = {exit: u.FAULT_EXIT, hang: u.FAULT_HANG, throw: u.FAULT_THROW, stall: u.FAULT_STALL}[fault];
    Atomics.store(this.#ctl, worker * u.CONTROL_WORDS + u.FAULT, code);
  }

  /** @internal Tests only: whether worker `worker` has not yet met the fault injected into it. */
  [Symbol.for("sha256-simd/pool.faultPending")](worker) {
    return Atomics.load(this.#ctl, worker * u.CONTROL_WORDS + u.FAULT) !== 0;
  }
}

/**
 * Starts a pool of `threads` threads in all, the caller's included (default:
 * the available parallelism, at most 16). Where threads are not available
 * (a browser page that is not cross-origin isolated), the pool has 1 thread
 * and every call runs on the caller.
 */
export async function createHashPool({threads, timeoutMs = DEFAULT_TIMEOUT_MS} = {}) {
  if (threads !== undefined && !(Number.isInteger(threads) && threads >= 1)) {
    throw new TypeError(`createHashPool: threads must be a positive integer, got ${threads}`);
  }
  if (!(timeoutMs > 0)) throw new TypeError(`createHashPool: timeoutMs must be a positive number, got ${timeoutMs}`);
  const pool = new Pool(timeoutMs);
  const n = threadsUnavailable() === null ? (threads ?? (await defaultThreads())) : 1;
  await pool.start(n);
  return pool;
}
