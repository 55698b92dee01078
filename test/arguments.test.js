// Every argument of every export, refused alike: for each function of
// sha256-simd, sha256-simd/hasher and the pool (the table and its bad values
// are in support/arguments.js), each bad value of each argument must throw a
// TypeError or RangeError whose message starts with the function's name and
// names the argument (or the drop-in contract's listed error), before any
// work: no argument is written, and the pool wakes no worker. The pool's
// error is the package's, class and message. After each, a valid call gives
// node:crypto's result.
import assert from "node:assert/strict";
import {types} from "node:util";
import * as as from "@chainsafe/as-sha256";
import * as ours from "sha256-simd";
import {hasher} from "sha256-simd/hasher";
import {createHashPool} from "sha256-simd/pool";
import {APART, CONTRACT, GAPS, HASHER, PACKAGE} from "./support/arguments.js";
import {errorOf, forEachModule, sha256Oracle} from "./support/helpers.js";
import {SPREAD_ALWAYS} from "./support/pool.js";

/** Each bad value of entry's arguments: {arg, path, label, make, names}, entries of lists after the list. */
function* badValues(entry) {
  function* walk(arg, kind, path) {
    const list = Array.isArray(kind) ? kind : kind.list;
    for (const [label, make, names = arg] of list) yield {arg, path, label, make, names};
    if (!Array.isArray(kind)) yield* walk(`${arg}[${kind.at}]`, kind.entry, [...path, kind.at]);
  }
  for (const [i, [arg, kind]] of entry.params.entries()) yield* walk(arg, kind, [i]);
}

/** args with the value at `path` replaced by make(value, args), the lists on the way copied. */
function replaced(args, path, make) {
  const top = [...args];
  let parent = top;
  for (const k of path.slice(0, -1)) parent = parent[k] = [...parent[k]];
  const last = path[path.length - 1];
  parent[last] = make(parent[last], args);
  return top;
}

/** What the bad value must throw: the contract's Error, a listed gap's TypeError, or else a TypeError or RangeError naming it. */
function expectation(key) {
  if (Object.hasOwn(CONTRACT, key)) return {contract: CONTRACT[key]};
  if (Object.hasOwn(GAPS, key)) return {gap: GAPS[key]};
  return {named: true};
}

const escape = (s) => s.replace(/[[\]().*+?^$|\\]/g, "\\$&");

/** A TypeError or RangeError whose message starts with `fn: ` and names `arg`. */
function isNamed(err, fn, arg) {
  return (
    (err instanceof TypeError || err instanceof RangeError) &&
    err.message.startsWith(`${fn}: `) &&
    new RegExp(`(^|[^\\w.])${escape(arg)}($|[^\\w[])`).test(err.message.slice(fn.length + 2))
  );
}

function assertRefused(err, exp, fn, arg) {
  assert.ok(err, "did not throw");
  const got = `${err.constructor?.name}: ${err.message}`;
  if (exp.contract) {
    assert.equal(err.constructor, Error, got);
    assert.equal(err.message, exp.contract);
  } else if (exp.gap) {
    assert.ok(!isNamed(err, fn, arg), `now refused by name (${got}): take it out of GAPS`);
    assert.ok(err instanceof TypeError && exp.gap.test(err.message), got);
  } else {
    assert.ok(isNamed(err, fn, arg), `expected a TypeError or RangeError starting "${fn}: " and naming ${arg}, got ${got}`);
  }
}

/**
 * A check that nothing in args was written: its typed arrays, HashObjects and
 * HashComputations' dests (walked into Arrays and objects, not Proxies).
 */
function untouched(args) {
  const checks = [];
  const walk = (x, depth) => {
    if (x === null || typeof x !== "object" || types.isProxy(x) || depth > 4) return;
    if (ArrayBuffer.isView(x)) {
      if (x.byteLength > 0) {
        const copy = new Uint8Array(x.buffer, x.byteOffset, x.byteLength).slice();
        checks.push(() => assert.ok(Buffer.from(x.buffer, x.byteOffset, x.byteLength).equals(copy), "an argument was written before the throw"));
      }
    } else if (typeof x.applyHash === "function") {
      checks.push(() => assert.equal(x.hash, null, "a dest was applied before the throw"));
    } else if (Array.isArray(x)) {
      x.forEach((y) => walk(y, depth + 1));
    } else {
      const copy = {...x};
      checks.push(() => assert.deepEqual({...x}, copy, "an object was written before the throw"));
      Object.values(x).forEach((y) => walk(y, depth + 1));
    }
  };
  walk(args, 0);
  return () => checks.forEach((check) => check());
}

/**
 * fn()'s result, and the wake-ups the caller's thread made meanwhile: the
 * pool rings a worker's doorbell (Atomics.add, Atomics.notify) for each unit
 * it posts. (Not Atomics.store: a call also frees slots that an earlier one
 * left to a worker.)
 */
function counted(fn) {
  const saved = {notify: Atomics.notify, add: Atomics.add};
  let n = 0;
  for (const k of Object.keys(saved)) {
    Atomics[k] = (...a) => {
      n++;
      return saved[k](...a);
    };
  }
  try {
    return [fn(), n];
  } finally {
    Object.assign(Atomics, saved);
  }
}

const describeExpectation = (exp) =>
  exp.contract ? `the drop-in's Error "${exp.contract}"` : exp.gap ? "the engine's TypeError (a listed gap)" : "a TypeError or RangeError naming it";

/** Keys of CONTRACT and GAPS that the matrix reached: each must be reached. */
const reached = new Set();

/** The matrix for `entries`, called on the package (`lib()`) and, where `poolCall`, on the pool. */
function matrix(entries, prefix, lib, poolCall) {
  for (const entry of entries) {
    const other = poolCall(entry);
    describe(`${prefix}${entry.fn}`, function () {
      const onPool = !other ? "" : entry.splits ? ", and the pool's, from its workers" : ", and the pool's";
      it(`a valid call gives node:crypto's result${onPool}`, function () {
        const args = entry.args();
        entry.check(entry.call(lib(), args), args);
        if (other) {
          const args2 = entry.args();
          const [result, wakes] = counted(() => other(args2));
          entry.check(result, args2);
          // Where the pool splits the valid call, a refused one that woke no worker was refused before the work.
          if (entry.splits) assert.ok(wakes > 0, "the pool's call stayed on the caller");
        }
      });

      for (const {arg, path, label, make, names} of badValues(entry)) {
        const key = `${prefix}${entry.fn} ${arg} ${label}`;
        const exp = expectation(key);
        if (!exp.named) reached.add(key);
        it(`${arg} ${label}: ${describeExpectation(exp)}${other ? ", the pool's the same, no worker woken" : ""}`, function () {
          const bad = replaced(entry.args(), path, make);
          const unchanged = untouched(bad);
          const err = errorOf(() => entry.call(lib(), bad));
          assertRefused(err, exp, entry.fn, names);
          unchanged();
          if (other) {
            const bad2 = replaced(entry.args(), path, make);
            const unchanged2 = untouched(bad2);
            const [poolErr, wakes] = counted(() => errorOf(() => other(bad2)));
            assert.ok(poolErr, "the pool did not throw");
            assert.equal(poolErr.constructor, err.constructor, `the pool's ${poolErr.constructor.name}: ${poolErr.message}`);
            assert.equal(poolErr.message, err.message);
            assert.equal(wakes, 0, "the pool woke a worker before it refused the call");
            unchanged2();
            const good2 = entry.args();
            entry.check(other(good2), good2);
          }
          const good = entry.args();
          entry.check(entry.call(lib(), good), good);
        });
      }
    });
  }
}

describe("every argument of every export, refused alike", function () {
  this.timeout(120000);
  let pool;
  before(async function () {
    pool = await createHashPool({threads: 2, ...SPREAD_ALWAYS});
    assert.equal(pool.threads, 2);
  });
  after(async function () {
    await pool?.close();
  });

  describe("the table", function () {
    it("has every function of sha256-simd, the hasher and the pool, or says why not", function () {
      const tested = new Set(PACKAGE.map((e) => e.fn.split(".")[0]));
      const functions = Object.keys(ours).filter((k) => typeof ours[k] === "function");
      assert.deepEqual(functions.filter((k) => !tested.has(k) && !Object.hasOwn(APART, k)), []);
      assert.deepEqual(Object.keys(hasher).filter((k) => typeof hasher[k] === "function" && !HASHER.some((e) => e.fn === k)), []);
      assert.deepEqual(Object.keys(pool.hasher).sort(), Object.keys(hasher).sort());
      // The pool's methods: those with arguments are in the matrix; stats() and close() take none.
      const methods = ["hashInto", "digestMany", "digestManyInto"];
      assert.deepEqual(PACKAGE.filter((e) => e.pool).map((e) => e.fn), methods);
      assert.equal(pool.stats.length + pool.close.length, 0);
      for (const name of ["SHA256", "HMAC"]) {
        const own = Object.getOwnPropertyNames(ours[name].prototype).filter((k) => k !== "constructor");
        for (const k of own) assert.ok(ours[name].prototype[k].length === 0 || PACKAGE.some((e) => e.fn === `${name}.${k}`), `${name}.${k}`);
      }
    });
  });

  forEachModule("sha256-simd", function () {
    matrix(PACKAGE, "", () => ours, (entry) => entry.pool && ((args) => entry.pool(pool, args)));
  });

  forEachModule("sha256-simd/hasher, and the pool's hasher", function () {
    matrix(HASHER, "hasher.", () => hasher, (entry) => (args) => entry.call(pool.hasher, args));
  });

  describe("exports apart from the matrix", function () {
    it("allocUnsafe: as-sha256's errors, which are Node's Buffer.allocUnsafe's, and its result", function () {
      for (const size of [null, "8", [8], -1, NaN, Infinity, 2 ** 33, 1.5, undefined]) {
        const [mine, theirs] = [errorOf(() => ours.allocUnsafe(size)), errorOf(() => as.allocUnsafe(size))];
        assert.equal(mine?.constructor, theirs?.constructor, String(size));
        assert.equal(mine?.message, theirs?.message, String(size));
        if (!theirs) assert.equal(ours.allocUnsafe(size).length, as.allocUnsafe(size).length, String(size));
      }
    });

    it("reinitializeInstance: as-sha256's useSimd, read for its truthiness", function () {
      try {
        for (const useSimd of [0, "", null, 1, "no", {}]) {
          ours.reinitializeInstance(useSimd);
          assert.equal(ours.simdEnabled, Boolean(useSimd), String(useSimd));
          const m = new Uint8Array(100).fill(useSimd ? 1 : 2);
          assert.deepEqual(ours.digest(m), sha256Oracle(m));
        }
      } finally {
        ours.reinitializeInstance();
      }
    });

    it("the aliases are the batch functions", function () {
      assert.equal(ours.hash4Input64s, ours.batchHash4UintArray64s);
      assert.equal(ours.hash8HashObjects, ours.batchHash4HashObjectInputs);
    });
  });

  describe("the listed exceptions", function () {
    // `reached` is filled as the matrix's cases are made, before any runs.
    it("are each reached by a case of the matrix", function () {
      const listed = [...Object.keys(CONTRACT), ...Object.keys(GAPS)];
      assert.deepEqual(listed.filter((k) => !reached.has(k)), []);
    });
  });
});
