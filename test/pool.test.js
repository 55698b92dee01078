// sha256-simd/pool against node:crypto, the single-threaded package and
// persistent-merkle-tree's hashtree hasher (native, independent of this
// package), with every fault the pool handles injected.
import assert from "node:assert/strict";
import os from "node:os";
import {spawnSync} from "node:child_process";
import {mkdirSync, mkdtempSync, rmSync, writeFileSync} from "node:fs";
import {fileURLToPath} from "node:url";
import {join} from "node:path";
import {runInNewContext} from "node:vm";
import {LeafNode, subtreeFillToContents} from "@chainsafe/persistent-merkle-tree";
import {hasher as hashtreeHasher} from "@chainsafe/persistent-merkle-tree/hasher/hashtree";
import {digestMany, digestManyInto, hashInto} from "../js/index.js";
import {MIN_PARALLEL_HASHES, createHashPool} from "../js/pool.js";
import {SLOTS, SLOT_IN} from "../js/pool/unit.js";
import {STALL_MS, faultyWorkers} from "./fixtures/faults.js";
import {assertBytesEqual, errorOf, pseudoRandomBytes, sha256Oracle} from "./support/helpers.js";

const WORKER_SCRIPT = Symbol.for("sha256-simd/pool.workerScript");
// Three threads on any machine: the caller and two workers.
const THREADS = 3;
/** Messages that fill every slot of the pool's shared buffer. */
const SHARED_MESSAGES = ((THREADS - 1) * SLOTS * SLOT_IN) / 64;

/** Digests of every message, one by one, from node:crypto. */
function oracleDigests(input) {
  const out = new Uint8Array(input.length / 2);
  for (let i = 0; i < input.length / 64; i++) out.set(sha256Oracle(input.subarray(64 * i, 64 * i + 64)), 32 * i);
  return out;
}


/** Asserts that pooled() throws what single() throws: the same class and message. */
function assertSameError(pooled, single) {
  const expected = errorOf(single);
  const got = errorOf(pooled);
  assert.ok(expected && got, "both throw");
  assert.equal(got.constructor, expected.constructor);
  assert.equal(got.message, expected.message);
}

/** The root from persistent-merkle-tree's hashtree hasher, which modifies its input: given a copy. */
function hashtreeRoot(bytes, padFor) {
  const root = new Uint8Array(32);
  hashtreeHasher.merkleizeBlocksBytes(bytes.slice(), padFor, root, 0);
  return root;
}

describe("sha256-simd/pool", function () {
  this.timeout(60000);
  let pool;
  before(async () => {
    pool = await createHashPool({threads: THREADS});
  });
  after(async () => {
    await pool?.close();
  });

  it("runs the threads asked for", () => {
    assert.equal(pool.threads, THREADS);
  });

  describe("hashInto", () => {
    const sizes = [0, 1, 5, MIN_PARALLEL_HASHES - 1, MIN_PARALLEL_HASHES, MIN_PARALLEL_HASHES + 1, 3 * 4096 + 17, SHARED_MESSAGES + 4097];

    it("matches node:crypto below, at and above the threshold and beyond the shared buffer", () => {
      for (const n of sizes) {
        const input = pseudoRandomBytes(64 * n, n + 1);
        const output = new Uint8Array(32 * n);
        pool.hashInto(input, output);
        assertBytesEqual(output, oracleDigests(input), `${n} messages`);
      }
    });

    it("writes into output = the start of input, as hashInto allows", () => {
      for (const n of [MIN_PARALLEL_HASHES + 1, SHARED_MESSAGES + 4097]) {
        const input = pseudoRandomBytes(64 * n, n + 2);
        const expected = oracleDigests(input);
        pool.hashInto(input, input.subarray(0, 32 * n));
        assertBytesEqual(input.subarray(0, 32 * n), expected, `${n} messages in place`);
      }
    });

    it("throws the errors of the single-threaded hashInto, and the next call is right", () => {
      const big = 64 * (MIN_PARALLEL_HASHES + 2);
      const bad = [
        [new Uint8Array(65), new Uint8Array(32)],
        [new Uint8Array(big), new Uint8Array(big / 2 - 32)],
        [new Uint8Array(big + 1), new Uint8Array(big / 2)],
        ["bytes", new Uint8Array(32)],
        [new Uint8Array(big), null],
        [new Uint16Array(big / 2), new Uint8Array(big / 2)],
      ];
      for (const [input, output] of bad) {
        assertSameError(() => pool.hashInto(input, output), () => hashInto(input, output));
        const input2 = pseudoRandomBytes(big, 9);
        const output2 = new Uint8Array(big / 2);
        pool.hashInto(input2, output2);
        assertBytesEqual(output2, oracleDigests(input2), "call after the error");
      }
    });
  });

  describe("digestMany", () => {
    /** Messages of lengths 0 to 2 * 599 - 1 bytes, and `long` in the middle. */
    const mixed = (count, seed, long) => {
      const messages = Array.from({length: count}, (_, i) => pseudoRandomBytes((i * 599) % 1198, seed + i));
      if (long) messages.splice(count >> 1, 0, long);
      return messages;
    };
    const oracle = (messages) => {
      const out = new Uint8Array(32 * messages.length);
      messages.forEach((m, i) => out.set(sha256Oracle(m), 32 * i));
      return out;
    };

    it("matches node:crypto on mixed lengths, beyond the shared buffer, with a message longer than a slot", () => {
      for (const messages of [mixed(10, 1), mixed(5000, 2), mixed(3000, 3, pseudoRandomBytes(SLOT_IN + 5, 4)), mixed(20000, 5)]) {
        const output = new Uint8Array(32 * messages.length);
        pool.digestManyInto(messages, output);
        assertBytesEqual(output, oracle(messages), `${messages.length} messages`);
        const list = pool.digestMany(messages);
        assert.equal(list.length, messages.length);
        assertBytesEqual(list.at(-1), sha256Oracle(messages.at(-1)), `${messages.length} messages, digestMany`);
      }
    });

    it("throws the errors of the single-threaded digestManyInto, and the next call is right", () => {
      const ok = mixed(5000, 6);
      const bad = [
        [ok[0], new Uint8Array(32)],
        [[...ok, "x"], new Uint8Array(32 * 5001)],
        [ok, new Uint8Array(32 * 4999)],
        [ok, null],
      ];
      for (const [messages, output] of bad) {
        assertSameError(() => pool.digestManyInto(messages, output), () => digestManyInto(messages, output));
        if (errorOf(() => digestMany(messages))) assertSameError(() => pool.digestMany(messages), () => digestMany(messages));
        const out = new Uint8Array(32 * ok.length);
        pool.digestManyInto(ok, out);
        assertBytesEqual(out, oracle(ok), "call after the error");
      }
    });
  });

  describe("hasher", () => {
    const blocksOf = (bytes) => Array.from({length: bytes.length / 64}, (_, i) => bytes.slice(64 * i, 64 * i + 64));
    // [chunks, padFor]: subtrees that do not fill the last unit, padFor not a
    // power of two, chunks beyond padFor (ignored), data beyond the shared buffer.
    const trees = [
      [2 * MIN_PARALLEL_HASHES, 2 * MIN_PARALLEL_HASHES],
      [2 * MIN_PARALLEL_HASHES + 66, 2 ** 20],
      [3 * MIN_PARALLEL_HASHES + 2, 100000],
      [2 ** 15 + 40, 2 ** 15],
      [2 ** 16 + 2, 2 ** 40],
    ];

    it("merkleizeBlocksBytes matches the hashtree hasher and leaves its input and the rest of output alone", () => {
      for (const [chunks, padFor] of trees) {
        const bytes = pseudoRandomBytes(32 * chunks, chunks);
        const copy = bytes.slice();
        const output = new Uint8Array(48).fill(0xa5);
        pool.hasher.merkleizeBlocksBytes(bytes, padFor, output, 8);
        assertBytesEqual(output.subarray(8, 40), hashtreeRoot(bytes, padFor), `${chunks} chunks, padFor ${padFor}`);
        assert.ok(output.subarray(0, 8).every((b) => b === 0xa5) && output.subarray(40).every((b) => b === 0xa5));
        assertBytesEqual(bytes, copy);
      }
    });

    it("merkleizeBlockArray matches the hashtree hasher, with blockLimit below blocks.length", () => {
      for (const [chunks, padFor] of trees) {
        const bytes = pseudoRandomBytes(32 * chunks, chunks + 1);
        const blocks = [...blocksOf(bytes), pseudoRandomBytes(64, 1), pseudoRandomBytes(64, 2)];
        const output = new Uint8Array(32);
        pool.hasher.merkleizeBlockArray(blocks, chunks / 2, padFor, output, 0);
        assertBytesEqual(output, hashtreeRoot(bytes, padFor), `${chunks} chunks, padFor ${padFor}`);
      }
    });

    it("digestNLevel matches the hashtree hasher and returns the head of data", () => {
      for (const nLevel of [1, 2, 3, 5, 13]) {
        const bytes = pseudoRandomBytes(32 * 2 ** 16 + 32 * 2 ** 13 * 3, nLevel);
        const expected = hashtreeHasher.digestNLevel(bytes.slice(), nLevel).slice();
        const data = bytes.slice();
        const roots = pool.hasher.digestNLevel(data, nLevel);
        assert.equal(roots.buffer, data.buffer);
        assert.equal(roots.byteOffset, 0);
        assertBytesEqual(roots, expected, `nLevel ${nLevel}`);
        const rest = roots.length;
        assert.ok(Buffer.from(data.subarray(rest)).equals(bytes.subarray(rest)), "data past the roots changed");
      }
    });

    it("takes a Uint8Array of another realm, as the single-threaded hasher does", () => {
      const chunks = 2 ** 15 + 40;
      const bytes = pseudoRandomBytes(32 * chunks, 9);
      const foreign = () => {
        const data = runInNewContext(`new Uint8Array(${bytes.length})`);
        data.set(bytes);
        return data;
      };
      const output = new Uint8Array(32);
      pool.hasher.merkleizeBlocksBytes(foreign(), 2 ** 16, output, 0);
      assertBytesEqual(output, hashtreeRoot(bytes, 2 ** 16));
      // The roots are a view of data, of data's realm.
      assertBytesEqual(Uint8Array.from(pool.hasher.digestNLevel(foreign(), 3)), hashtreeHasher.digestNLevel(bytes.slice(), 3));
    });

    it("executeHashComputations hashes a tree as the hashtree hasher merkleizes its leaves", () => {
      for (const [count, depth] of [[3 * MIN_PARALLEL_HASHES + 5, 16], [40000, 20]]) {
        const bytes = pseudoRandomBytes(32 * count, count);
        const leaves = Array.from({length: count}, (_, i) => LeafNode.fromRoot(bytes.slice(32 * i, 32 * i + 32)));
        const hcByLevel = [];
        const root = subtreeFillToContents(leaves, depth, 0, hcByLevel);
        pool.hasher.executeHashComputations(hcByLevel);
        const padded = new Uint8Array(bytes.length + (count % 2) * 32);
        padded.set(bytes);
        assertBytesEqual(root.root, hashtreeRoot(padded, 2 ** depth), `${count} leaves`);
      }
    });

    it("throws the single-threaded hasher's errors for bad arguments of large jobs", async () => {
      const {hasher} = await import("../js/hasher.js");
      const big = 32 * 2 * MIN_PARALLEL_HASHES;
      const calls = [
        (h) => h.merkleizeBlocksBytes(new Uint8Array(big + 32), 2 ** 20, new Uint8Array(32), 0),
        (h) => h.merkleizeBlocksBytes(new Uint8Array(big), Infinity, new Uint8Array(32), 0),
        (h) => h.merkleizeBlockArray([...Array(big / 64)].map(() => new Uint8Array(64)).concat([new Uint8Array(3)]), 10, 2 ** 20, new Uint8Array(32), 0),
        (h) => h.digestNLevel(new Uint8Array(big + 32), 1),
        (h) => h.executeHashComputations([[], undefined]),
      ];
      for (const call of calls) {
        const expected = errorOf(() => call(hasher));
        const got = errorOf(() => call(pool.hasher));
        assert.ok(expected && got, "both throw");
        assert.equal(got.message, expected.message);
      }
      // A bad HashComputation in the middle of a parallel level.
      const leaves = Array.from({length: 2 * MIN_PARALLEL_HASHES + 2}, () => LeafNode.fromZero());
      const hcByLevel = [];
      subtreeFillToContents(leaves, 14, 0, hcByLevel);
      const level = hcByLevel[hcByLevel.length - 1];
      let k = 0;
      for (const hc of level) if (k++ === MIN_PARALLEL_HASHES - 3) hc.src1 = null;
      assert.throws(() => pool.hasher.executeHashComputations(hcByLevel), {message: `Invalid HashComputation at index ${MIN_PARALLEL_HASHES - 3}`});
      const bytes = pseudoRandomBytes(32 * 2 ** 14, 3);
      const out = new Uint8Array(32);
      pool.hasher.merkleizeBlocksBytes(bytes, 2 ** 14, out, 0);
      assertBytesEqual(out, hashtreeRoot(bytes, 2 ** 14), "call after the error");
    });

    it("executeHashComputations on malformed levels of parallel size: the single-threaded hasher's errors, and its hashes", async () => {
      const {hasher} = await import("../js/hasher.js");
      const count = 2 * MIN_PARALLEL_HASHES + 2;
      const bad = MIN_PARALLEL_HASHES + 5;
      /** A level of `count` pairs of random leaves, as an Array of {src0, src1, dest}. */
      const level = (seed) => {
        const bytes = pseudoRandomBytes(64 * count, seed);
        return Array.from({length: count}, (_, i) => ({
          src0: LeafNode.fromRoot(bytes.subarray(64 * i, 64 * i + 32)),
          src1: LeafNode.fromRoot(bytes.subarray(64 * i + 32, 64 * i + 64)),
          dest: LeafNode.fromZero(),
        }));
      };
      const cases = {
        "an undefined entry": (l) => ((l[bad] = undefined), [l]),
        "an entry without src1": (l) => ((l[bad].src1 = null), [l]),
        "a dest without applyHash": (l) => ((l[bad].dest = {}), [l]),
        "a level without an iterator": (l) => [{length: l.length}],
        "a level whose length is more than its entries": (l) => [{length: l.length + 7, [Symbol.iterator]: () => l[Symbol.iterator]()}],
        "a level whose length is less than its entries": (l) => [{length: l.length - 7, [Symbol.iterator]: () => l[Symbol.iterator]()}],
        "a HashComputationLevel with src0 null mid-list": () => {
          const leaves = Array.from({length: count}, (_, i) => LeafNode.fromRoot(pseudoRandomBytes(32, i)));
          const hcByLevel = [];
          subtreeFillToContents(leaves, 14, 0, hcByLevel);
          let k = 0;
          for (const hc of hcByLevel.at(-1)) if (k++ === bad) hc.src0 = null;
          return hcByLevel.slice(-1);
        },
      };
      for (const [name, make] of Object.entries(cases)) {
        const expected = make(level(9));
        const got = make(level(9));
        const singleError = errorOf(() => hasher.executeHashComputations(expected));
        const poolError = errorOf(() => pool.hasher.executeHashComputations(got));
        assert.equal(poolError?.constructor, singleError?.constructor, name);
        assert.equal(poolError?.message, singleError?.message, name);
        // Every node the single-threaded hasher hashed, the pool hashed the same.
        const dests = (hcs) => (Array.isArray(hcs[0]) ? hcs[0].map((hc) => hc?.dest) : []);
        const [e, g] = [dests(expected), dests(got)];
        for (let i = 0; i < e.length; i++) {
          if (e[i] instanceof LeafNode && e[i].h0 !== 0) assertBytesEqual(g[i].root, e[i].root, `${name}: node ${i}`);
        }
      }
    });
  });

  describe("faults", () => {
    const n = SHARED_MESSAGES + 4097;
    const input = pseudoRandomBytes(64 * n, 77);
    let expected;
    before(() => {
      expected = oracleDigests(input);
    });

    /** A pool on the faulty worker (test/fixtures/faulty-worker.js), with its faults. */
    async function faultyPool(options = {}) {
      const faults = faultyWorkers();
      const p = await createHashPool({threads: THREADS, ...options, [WORKER_SCRIPT]: faults.script});
      return {p, faults};
    }

    // Calls of every op, each checked: a unit redone on the caller must be
    // redone with its own arguments.
    const chunks = input.subarray(0, 32 * 2 ** 15);
    let chunksRoot;
    const messages = Array.from({length: 3000}, (_, i) => input.subarray(i * 61, i * 61 + ((i * 37) % 900)));
    let digests;
    before(() => {
      chunksRoot = hashtreeRoot(chunks, 2 ** 16);
      digests = messages.map(sha256Oracle);
    });
    const calls = [
      (p) => {
        const output = new Uint8Array(32 * n);
        p.hashInto(input, output);
        assertBytesEqual(output, expected, "hashInto despite the fault");
      },
      (p) => {
        const root = new Uint8Array(32);
        p.hasher.merkleizeBlocksBytes(chunks, 2 ** 16, root, 0);
        assertBytesEqual(root, chunksRoot, "merkleizeBlocksBytes despite the fault");
      },
      (p) => p.digestMany(messages).forEach((d, i) => assertBytesEqual(d, digests[i], "digestMany despite the fault")),
    ];

    /** Calls each op in turn, checking every result, until fired() or 20 s. */
    function callUntil(p, fired, before = () => {}) {
      const deadline = performance.now() + 20000;
      for (let k = 0; performance.now() < deadline; k++) {
        before();
        calls[k % calls.length](p);
        if (fired()) return;
      }
      assert.fail("the fault never showed");
    }

    /** Waits, between calls, until a worker has been replaced and the pool runs all its threads again. */
    async function untilReplaced(p) {
      const deadline = performance.now() + 20000;
      while (!(p.stats().replaced > 0 && p.threads === THREADS) && performance.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      assert.equal(p.threads, THREADS, "the worker was replaced");
    }

    // A fault fires only when the worker starts a unit, and a worker that
    // wakes late (a loaded machine) may start none in a call: the caller
    // takes its units back. So the fault is injected again before each call.
    for (const [fault, counted] of [["exit", "exited"], ["hang", "hung"], ["throw", "failed"]]) {
      it(`a worker that ${{exit: "exits", hang: "hangs", throw: "throws"}[fault]} mid-call: the caller does its unit, the worker is replaced and counted`, async () => {
        const {p, faults} = await faultyPool({timeoutMs: 300});
        try {
          callUntil(p, () => p.stats()[counted] > 0 || p.threads < THREADS, () => faults.inject(1, fault));
          // A hang shows once the timeout has passed, between calls too.
          const deadline = performance.now() + 20000;
          while (p.stats()[counted] === 0 && performance.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
          await untilReplaced(p);
          const stats = p.stats();
          assert.equal(stats[counted], 1, JSON.stringify(stats));
          assert.equal(stats.replaced, 1);
          assert.equal(stats.started, THREADS);
          if (fault === "throw") assert.equal(stats.lastError, "a worker failed: fault injected for a test");
          const output = new Uint8Array(32 * n);
          p.hashInto(input, output);
          assertBytesEqual(output, expected, "next call");
        } finally {
          await p.close();
        }
      });
    }

    it("a worker killed from outside (terminate()) mid-call: every digest stays right, and it is replaced", async function () {
      const {p, faults} = await faultyPool();
      try {
        const victim = faults.started[0];
        // terminate() takes effect on the worker's thread while this call runs.
        victim.terminate();
        for (let k = 0; k < 3; k++) {
          const output = new Uint8Array(32 * n);
          p.hashInto(input, output);
          assertBytesEqual(output, expected, `call ${k}`);
        }
        await untilReplaced(p);
        assert.equal(p.stats().exited + p.stats().hung, 1);
        assert.equal(faults.started.length, THREADS);
        const output = new Uint8Array(32 * n);
        p.hashInto(input, output);
        assertBytesEqual(output, expected, "after the replacement");
      } finally {
        await p.close();
      }
    });

    it("a worker that stalls mid-call: the call does its unit itself and returns without waiting; the slot is reused after the worker finishes", async () => {
      const {p, faults} = await faultyPool();
      try {
        faults.inject(0, "stall");
        const deadline = performance.now() + 20000;
        let took = -1;
        while (took < 0 && performance.now() < deadline) {
          const output = new Uint8Array(32 * n);
          const t = performance.now();
          p.hashInto(input, output);
          if (!faults.pending(0)) took = performance.now() - t;
          assertBytesEqual(output, expected, "the call in which the worker stalls");
        }
        assert.ok(took >= 0, "the injected fault never fired");
        assert.ok(took < STALL_MS, `the call took ${took} ms: it waited for the stalled worker`);
        // Calls while the worker still holds the slot, then after it is done.
        for (let k = 0; k < 3; k++) {
          const output = new Uint8Array(32 * n);
          p.hashInto(input, output);
          assertBytesEqual(output, expected, `call ${k} during the stall`);
        }
        await new Promise((resolve) => setTimeout(resolve, STALL_MS + 100));
        const output = new Uint8Array(32 * n);
        p.hashInto(input, output);
        assertBytesEqual(output, expected, "call after the stall");
        assert.equal(p.threads, THREADS);
        assert.deepEqual(p.stats(), {threads: THREADS, noThreads: null, started: THREADS - 1, replaced: 0, exited: 0, hung: 0, failed: 0, startFailures: 0, lastError: null});
      } finally {
        await p.close();
      }
    });

    it("a replacement that fails to start is counted and tried again later", async () => {
      let starts = 0;
      const faults = faultyWorkers();
      const script = {...faults.script, started: (w) => (starts++, faults.started.push(w))};
      const p = await createHashPool({threads: 2, timeoutMs: 300, [WORKER_SCRIPT]: script});
      try {
        // The worker's script now fails at its import: every replacement fails to start.
        script.url = new URL("data:text/javascript,throw new Error('no start')");
        faults.started[0].terminate();
        const deadline = performance.now() + 20000;
        while (p.stats().startFailures < 2 && performance.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
        const stats = p.stats();
        assert.ok(stats.startFailures >= 2, JSON.stringify(stats));
        assert.equal(p.threads, 1);
        assert.equal(starts, 1);
        const output = new Uint8Array(32 * n);
        p.hashInto(input, output);
        assertBytesEqual(output, expected, "on the caller alone");
      } finally {
        await p.close();
      }
    });
  });

  describe("life cycle", () => {
    it("after close(), every call throws a clear error", async () => {
      const p = await createHashPool({threads: 2});
      await p.close();
      await p.close();
      const closed = /sha256-simd\/pool: the pool is closed/;
      assert.throws(() => p.hashInto(new Uint8Array(64), new Uint8Array(32)), closed);
      assert.throws(() => p.digestMany([new Uint8Array(3)]), closed);
      assert.throws(() => p.digestManyInto([], new Uint8Array(0)), closed);
      for (const [name, args] of [
        ["hashInto", [new Uint8Array(64), new Uint8Array(32)]],
        ["digest64", [new Uint8Array(32), new Uint8Array(32)]],
        ["digest64Into", [new Uint8Array(32), new Uint8Array(32), new Uint8Array(32)]],
        ["digest64HashObjects", [LeafNode.fromZero(), LeafNode.fromZero(), LeafNode.fromZero()]],
        ["merkleizeBlocksBytes", [new Uint8Array(64), 2, new Uint8Array(32), 0]],
        ["merkleizeBlockArray", [[new Uint8Array(64)], 1, 2, new Uint8Array(32), 0]],
        ["digestNLevel", [new Uint8Array(64), 1]],
        ["executeHashComputations", [[]]],
      ]) {
        assert.throws(() => p.hasher[name](...args), closed, name);
      }
    });

    it("a script that never calls close() exits when its work is done", () => {
      const script = `
        import {createHashPool} from ${JSON.stringify(new URL("../js/pool.js", import.meta.url).href)};
        const pool = await createHashPool({threads: 3});
        const input = new Uint8Array(64 * 20000);
        pool.hashInto(input, new Uint8Array(32 * 20000));
        console.log("threads", pool.threads);`;
      // Inside the repository: Deno reads the package's "imports" only for a script within a package.
      const build = fileURLToPath(new URL("../build/", import.meta.url));
      mkdirSync(build, {recursive: true});
      const dir = mkdtempSync(join(build, "pool-exit-"));
      const file = join(dir, "script.mjs");
      writeFileSync(file, script);
      const r = spawnSync(process.execPath, [file], {timeout: 20000, encoding: "utf8"});
      rmSync(dir, {recursive: true});
      assert.equal(r.signal, null, "killed after 20 s: the workers kept the process alive");
      assert.equal(r.status, 0, r.stderr);
      assert.equal(r.stdout.trim(), `threads ${THREADS}`);
    });

    it("starts its workers from node --input-type=module -e, and with V8 options, which a worker refuses", function () {
      // Node's command line; Deno and Bun run this suite with their own.
      if (typeof globalThis.Deno === "object" || process.versions.bun) this.skip();
      const script = `
        import {createHashPool} from ${JSON.stringify(new URL("../js/pool.js", import.meta.url).href)};
        const pool = await createHashPool({threads: 2});
        const input = new Uint8Array(64 * 20000).fill(7);
        const output = new Uint8Array(32 * 20000);
        pool.hashInto(input, output);
        console.log("threads", pool.threads, Buffer.from(output.subarray(-32)).toString("hex"));
        await pool.close();`;
      const expected = sha256Oracle(new Uint8Array(64).fill(7));
      for (const options of [[], ["--expose-gc", "--max-old-space-size=2048"]]) {
        const r = spawnSync(process.execPath, [...options, "--input-type=module", "-e", script], {timeout: 20000, encoding: "utf8"});
        assert.equal(r.status, 0, r.stderr);
        assert.equal(r.stdout.trim(), `threads 2 ${Buffer.from(expected).toString("hex")}`, options.join(" "));
      }
    });

    it("threads: 1 runs every call on the caller, correctly", async () => {
      const p = await createHashPool({threads: 1});
      assert.equal(p.threads, 1);
      const input = pseudoRandomBytes(64 * 2 * MIN_PARALLEL_HASHES, 5);
      const output = new Uint8Array(input.length / 2);
      p.hashInto(input, output);
      assertBytesEqual(output, oracleDigests(input));
      const root = new Uint8Array(32);
      p.hasher.merkleizeBlocksBytes(input, 2 ** 20, root, 0);
      assertBytesEqual(root, hashtreeRoot(input, 2 ** 20));
      await p.close();
    });

    it("rejects bad options with a TypeError or RangeError naming the option", async () => {
      for (const [options, type, message] of [
        [{threads: 0}, RangeError, /createHashPool: threads must be an integer from 1 to 256, got 0/],
        [{threads: 2.5}, RangeError, /threads must be an integer/],
        [{threads: 1000}, RangeError, /threads must be an integer from 1 to 256, got 1000/],
        [{threads: "2"}, TypeError, /createHashPool: threads must be a number, got string/],
        [{threads: NaN}, RangeError, /threads/],
        [{timeoutMs: 0}, RangeError, /createHashPool: timeoutMs must be a number from 1 to 2147483647, got 0/],
        [{timeoutMs: "1000"}, TypeError, /createHashPool: timeoutMs must be a number, got string/],
        [{timeoutMs: Infinity}, RangeError, /timeoutMs/],
        [{timeoutMs: NaN}, RangeError, /timeoutMs/],
        [null, TypeError, /createHashPool: options must be an object/],
      ]) {
        await assert.rejects(createHashPool(options), (e) => e instanceof type && message.test(e.message), JSON.stringify(options));
      }
    });

    it("reads options as own properties: none from Object.prototype", async () => {
      Object.prototype.threads = 3;
      Object.prototype.timeoutMs = -1;
      try {
        const p = await createHashPool({});
        const expected = Math.min(16, os.availableParallelism?.() ?? os.cpus().length);
        assert.equal(p.threads, expected);
        await p.close();
      } finally {
        delete Object.prototype.threads;
        delete Object.prototype.timeoutMs;
      }
    });
  });
});
