// sha256-simd/pool with every fault it handles injected (a worker that
// throws, stalls, exits or never starts), and its life cycle.
import assert from "node:assert/strict";
import os from "node:os";
import {spawnSync} from "node:child_process";
import {mkdirSync, mkdtempSync, rmSync, writeFileSync} from "node:fs";
import {fileURLToPath} from "node:url";
import {join} from "node:path";
import {LeafNode} from "@chainsafe/persistent-merkle-tree";
import {digestMany, digestManyInto, hashInto} from "sha256-simd";
import {MIN_PARALLEL_HASHES, createHashPool} from "sha256-simd/pool";
import {STALL_MS, faultyWorkers} from "./fixtures/faults.js";
import {assertBytesEqual, pseudoRandomBytes, sha256Oracle} from "./support/helpers.js";
import {SHARED_MESSAGES, THREADS, hashtreeRoot, oracleDigests} from "./support/pool.js";

const WORKER_SCRIPT = Symbol.for("sha256-simd/pool.workerScript");
// The package's folder, where "sha256-simd" names the package itself.
const packageDir = fileURLToPath(new URL("..", import.meta.url));

describe("sha256-simd/pool, faults and life cycle", function () {
  this.timeout(60000);

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

    // Calls of every op, each checked: a unit done again on the caller must be
    // done with its own arguments.
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
        // Three stalls in a row: a worker has two slots, so the third finds one only if a slot left to a stalled worker is reused once it is done.
        for (let stall = 0; stall < 3; stall++) {
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
          assert.ok(took >= 0, `the injected fault never fired (stall ${stall})`);
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
        }
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
        import {createHashPool} from "sha256-simd/pool";
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
        import {createHashPool} from "sha256-simd/pool";
        const pool = await createHashPool({threads: 2});
        const input = new Uint8Array(64 * 20000).fill(7);
        const output = new Uint8Array(32 * 20000);
        pool.hashInto(input, output);
        console.log("threads", pool.threads, Buffer.from(output.subarray(-32)).toString("hex"));
        await pool.close();`;
      const expected = sha256Oracle(new Uint8Array(64).fill(7));
      for (const options of [[], ["--expose-gc", "--max-old-space-size=2048"]]) {
        const r = spawnSync(process.execPath, [...options, "--input-type=module", "-e", script], {cwd: packageDir, timeout: 20000, encoding: "utf8"});
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
