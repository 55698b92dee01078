// sha256-simd/pool against node:crypto, the single-threaded package and
// persistent-merkle-tree's hashtree hasher (native, independent of this
// package); its faults and life cycle are in pool-faults.test.js.
import assert from "node:assert/strict";
import {runInNewContext} from "node:vm";
import {LeafNode, subtreeFillToContents} from "@chainsafe/persistent-merkle-tree";
import {hasher as hashtreeHasher} from "@chainsafe/persistent-merkle-tree/hasher/hashtree";
import {digestMany, digestManyInto, hashInto} from "sha256-simd";
import {MIN_PARALLEL_HASHES, createHashPool} from "sha256-simd/pool";
import {SLOT_IN} from "../js/pool/slots.js";
import {assertBytesEqual, errorOf, pseudoRandomBytes, sha256Oracle} from "./support/helpers.js";
import {SHARED_MESSAGES, SPREAD_ALWAYS, THREADS, assertSameError, hashtreeRoot, oracleDigests} from "./support/pool.js";

describe("sha256-simd/pool", function () {
  this.timeout(60000);
  let pool;
  before(async () => {
    pool = await createHashPool({threads: THREADS, ...SPREAD_ALWAYS});
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
      const {hasher} = await import("sha256-simd/hasher");
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
      const {hasher} = await import("sha256-simd/hasher");
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

    it("a getter that throws null mid-job: the pool throws null, as the single-threaded hasher does, and the next call is right", async () => {
      const {hasher} = await import("../js/hasher.js");
      const count = 2 * MIN_PARALLEL_HASHES + 2;
      const bytes = pseudoRandomBytes(64 * count, 12);
      const level = () =>
        Array.from({length: count}, (_, i) => ({
          src0: LeafNode.fromRoot(bytes.subarray(64 * i, 64 * i + 32)),
          src1: LeafNode.fromRoot(bytes.subarray(64 * i + 32, 64 * i + 64)),
          dest: LeafNode.fromZero(),
        }));
      const throwingNull = level();
      Object.defineProperty(throwingNull[MIN_PARALLEL_HASHES + 5].src0, "h3", {
        get() {
          throw null;
        },
      });
      for (const h of [hasher, pool.hasher]) {
        let thrown = "nothing";
        try {
          h.executeHashComputations([throwingNull]);
        } catch (e) {
          thrown = e;
        }
        assert.equal(thrown, null, h.name);
      }
      const right = level();
      pool.hasher.executeHashComputations([right]);
      for (const i of [0, MIN_PARALLEL_HASHES + 5, count - 1]) {
        assertBytesEqual(right[i].dest.root, sha256Oracle(bytes.subarray(64 * i, 64 * i + 64)), `node ${i}`);
      }
    });
  });

});

describe("sha256-simd/pool: which levels of executeHashComputations are spread (js/pool/gain.js)", () => {
  /** Counts the levels spread out of `n` asked. */
  const spreadOf = (gain, n) => Array.from({length: n}, () => gain.shouldSpread()).filter(Boolean).length;

  it("times both ways first, then spreads while spreading measures faster", async () => {
    const {Gain} = await import("../js/pool/gain.js");
    const gain = new Gain(false);
    assert.equal(gain.shouldSpread(), true, "spread first: nothing is timed yet");
    gain.time(true, 4096, 1);
    assert.equal(gain.shouldSpread(), false, "then alone, to time it");
    gain.time(false, 4096, 2);
    assert.equal(spreadOf(gain, 16), 16, "spreading measured twice as fast");
  });

  it("where spreading measures slower, spreads one level in 8 to time it again, and spreads again once it gains", async () => {
    const {Gain} = await import("../js/pool/gain.js");
    const gain = new Gain(false);
    gain.time(true, 4096, 3);
    gain.time(false, 4096, 2);
    assert.equal(spreadOf(gain, 64), 8);
    for (let i = 0; i < 8; i++) gain.time(true, 4096, 1);
    assert.equal(spreadOf(gain, 16), 16);
  });

  it("takes a timing whole where the other way was timed last: a stale or cold figure does not hold it back", async () => {
    const {Gain} = await import("../js/pool/gain.js");
    const gain = new Gain(false);
    gain.time(true, 4096, 10);
    gain.time(false, 4096, 2);
    gain.time(true, 4096, 1);
    assert.equal(spreadOf(gain, 16), 16);
  });

  it("spreads every level when asked to (tests)", async () => {
    const {Gain} = await import("../js/pool/gain.js");
    const gain = new Gain(true);
    gain.time(true, 4096, 3);
    gain.time(false, 4096, 2);
    assert.equal(spreadOf(gain, 16), 16);
  });
});
