// The table of test/arguments.test.js: every function of sha256-simd,
// sha256-simd/hasher and the pool, each with a valid call, its node:crypto
// oracle and the kind of each argument; the bad values of each kind; and the
// exceptions, by name. A bad value must throw a TypeError or RangeError whose
// message starts with the function's name and names the argument, except
// where CONTRACT lists the error that as-sha256 or persistent-merkle-tree
// throws for it (the drop-in contract), or GAPS one not refused by name yet.
import {createHmac, hkdfSync, pbkdf2Sync} from "node:crypto";
import {MIN_PARALLEL_HASHES} from "sha256-simd/pool";
import {concatBytes, hashObjectBytes, pseudoRandomBytes, sha256Oracle} from "./helpers.js";

// ---- The bad values of each kind of argument --------------------------------
// Each is [label, make(valid, args), name]: `valid` is the valid value it
// replaces; `name`, where given, is what the message names instead of the
// argument.

/** A Uint8Array whose buffer has been transferred away: it reads as empty. */
export function detached(n) {
  const a = new Uint8Array(n);
  if (typeof a.buffer.transfer === "function") a.buffer.transfer();
  else structuredClone(a.buffer, {transfer: [a.buffer]});
  return a;
}

/** Values that are not a Uint8Array of n bytes, or not one that can be read. */
const notBytes = (n) => [
  ["null", () => null],
  ["undefined", () => undefined],
  ["a string", () => "a".repeat(n)],
  ["a number", () => n],
  ["a plain array", () => new Array(n).fill(7)],
  ["a Uint16Array", () => new Uint16Array(n)],
  ["a DataView", () => new DataView(new ArrayBuffer(n))],
  ["a detached Uint8Array", () => detached(n)],
  ["a Proxy of a Uint8Array", (valid) => new Proxy(valid, {})],
];

/**
 * A Uint8Array argument of n bytes in the valid call; `short` and `long`, where
 * the length matters, are lengths to try; `optional`: undefined is valid.
 */
export function bytes(n, {short, long, optional = false} = {}) {
  const bad = notBytes(n).filter(([label]) => !(optional && label === "undefined"));
  if (short !== undefined) bad.push(["too short", () => pseudoRandomBytes(short, 3)]);
  if (long !== undefined) bad.push(["too long", () => pseudoRandomBytes(long, 4)]);
  return bad;
}

/** A Uint8Array of exactly n bytes: bytes()'s bad values, with one byte too few and one too many. */
export const exactly = (n) => bytes(n, {short: n - 1, long: n + 1});

/** An offset into args[of], where `size` bytes go. */
export const offset = (of, size) => [
  ["null", () => null],
  ["undefined", () => undefined],
  ["a string", () => "0"],
  ["a plain array", () => [0]],
  ["negative", () => -1],
  ["fractional", (valid) => valid + 0.5],
  ["NaN", () => NaN],
  ["Infinity", () => Infinity],
  ["too large", (valid, args) => args[of].length - size + 1],
];

/** An integer from min to max. */
export function integer(min, max = Infinity) {
  const bad = [
    ["null", () => null],
    ["undefined", () => undefined],
    ["a string", (valid) => String(valid)],
    ["a plain array", (valid) => [valid]],
    ["below the least", () => min - 1],
    ["fractional", () => min + 0.5],
    ["NaN", () => NaN],
    ["Infinity", () => Infinity],
  ];
  if (max !== Infinity) bad.push(["above the most", () => max + 1]);
  return bad;
}

/** persistent-merkle-tree's padFor: a number of at least 1, fractions rounded up as there. */
export const padFor = [
  ["null", () => null],
  ["undefined", () => undefined],
  ["a string", (valid) => String(valid)],
  ["negative", () => -1],
  ["zero", () => 0],
  ["NaN", () => NaN],
  ["Infinity", () => Infinity],
];

/** A HashObject to read. */
export const hashObject = [
  ["null", () => null],
  ["undefined", () => undefined],
  ["a number", () => 42],
  ["a string", () => "h0h1h2h3"],
  ["a plain array", () => new Array(8).fill(1)],
  ["a Uint8Array", () => new Uint8Array(32)],
  ["a Proxy of a Uint8Array", () => new Proxy(new Uint8Array(32), {})],
  ["missing h7", (valid) => ({...valid, h7: undefined})],
  ["h3 a string", (valid) => ({...valid, h3: "1"})],
];

/** An object to write a HashObject into. */
export const target = [
  ["null", () => null],
  ["undefined", () => undefined],
  ["a number", () => 42],
  ["a string", () => "out"],
];

/** A level of executeHashComputations: an iterable of HashComputations. */
export const level = [
  ["null", () => null],
  ["undefined", () => undefined],
  ["a number", () => 5],
  ["a string", () => "abcd"],
  ["a Uint8Array", () => new Uint8Array(4)],
  ["an object that is not iterable", (valid) => ({length: valid.length})],
];

/** A HashComputation: {src0, src1, dest}. */
export const hashComputation = [
  ["null", () => null],
  ["a number", () => 5],
  ["src1 null", (valid) => ({...valid, src1: null})],
  // Named by its field, as readHashObject names it.
  ["src0 a Uint8Array", (valid) => ({...valid, src0: new Uint8Array(32)}), "src0"],
];

/** Values that are not an Array. */
const notArrays = [
  ["null", () => null],
  ["undefined", () => undefined],
  ["a string", () => "abcd"],
  ["a number", () => 4],
  ["a Uint8Array", () => new Uint8Array(64)],
  ["a Uint16Array", () => new Uint16Array(64)],
  ["a DataView", () => new DataView(new ArrayBuffer(64))],
  ["a Proxy of a Uint8Array", () => new Proxy(new Uint8Array(64), {})],
  ["an array-like object", (valid) => ({length: valid.length, ...valid})],
];

/**
 * An Array argument: `list`, its bad values (default: values that are not an
 * Array) and `more` of them; `entry`, the bad values of its entry `at`, or
 * another array() where the entry is itself a list.
 */
export const array = (entry, {at = 1, list = notArrays, more = []} = {}) => ({list: [...list, ...more], at, entry});

// ---- Valid calls and their oracles ------------------------------------------

const oracles = new Map();
/** The oracle's result for `key`, computed once: valid calls are the same every time. */
const once = (key, fn) => (oracles.has(key) ? oracles.get(key) : oracles.set(key, fn()).get(key));

/** A HashObject of bytes[at, at + 32), read with DataView, apart from the code under test. */
export function hashObjectAt(bytes, at) {
  const view = new DataView(bytes.buffer, bytes.byteOffset + at, 32);
  const obj = {};
  for (let i = 0; i < 8; i++) obj[`h${i}`] = view.getInt32(4 * i, true);
  return obj;
}

const zeroObject = () => ({h0: 0, h1: 0, h2: 0, h3: 0, h4: 0, h5: 0, h6: 0, h7: 0});
const hmacOracle = (key, message) => new Uint8Array(createHmac("sha256", key).update(message).digest());

/** node:crypto's digest of every 64-byte message of input, one after another. */
function digestsOf(input) {
  const out = new Uint8Array(input.length / 2);
  for (let i = 0; i < input.length / 64; i++) out.set(sha256Oracle(input.subarray(64 * i, 64 * i + 64)), 32 * i);
  return out;
}

/** The merkle root of 32-byte chunks padded with zero chunks to 2^levels, by node:crypto. */
function merkleOracle(chunks, levels) {
  let layer = Array.from({length: chunks.length / 32}, (_, i) => chunks.subarray(32 * i, 32 * i + 32));
  let zero = new Uint8Array(32);
  for (let level = 0; level < levels; level++) {
    if (layer.length % 2 === 1) layer.push(zero);
    layer = Array.from({length: layer.length / 2}, (_, i) => sha256Oracle(concatBytes(layer[2 * i], layer[2 * i + 1])));
    zero = sha256Oracle(concatBytes(zero, zero));
  }
  return layer[0] ?? zero;
}

const equal = (a, b) => Buffer.from(a.buffer, a.byteOffset, a.byteLength).equals(Buffer.from(b.buffer, b.byteOffset, b.byteLength));

/** Throws unless bytes a and b are equal, showing both. */
function same(a, b, what) {
  if (!equal(a, b)) throw new Error(`${what}: ${Buffer.from(a).toString("hex").slice(0, 64)}… is not node:crypto's ${Buffer.from(b).toString("hex").slice(0, 64)}…`);
}

// Sizes that the pool splits over its threads, so that a refused call would
// have woken a worker had it been checked late.
const MESSAGES = MIN_PARALLEL_HASHES;
const CHUNKS = 2 * MIN_PARALLEL_HASHES;
const LEVELS = Math.log2(CHUNKS) + 1;
const MANY = MIN_PARALLEL_HASHES / 2 + 100;

const KEY = pseudoRandomBytes(40, 90);
const MESSAGE = pseudoRandomBytes(100, 91);
const messageList = () => Array.from({length: MANY}, (_, i) => pseudoRandomBytes(60 + (i % 50), 1000 + i));
const manyOracle = () => once("many", () => concatBytes(...messageList().map((m) => sha256Oracle(m))));
const obj = (seed) => hashObjectAt(pseudoRandomBytes(32, seed), 0);
const pairOracle = (a, b) => sha256Oracle(concatBytes(hashObjectBytes(a), hashObjectBytes(b)));

/** One level of HashComputations, whose dests keep what is applied to them. */
function hcLevel(count) {
  const bytes = pseudoRandomBytes(64 * count, 77);
  return Array.from({length: count}, (_, i) => ({
    src0: hashObjectAt(bytes, 64 * i),
    src1: hashObjectAt(bytes, 64 * i + 32),
    dest: {
      hash: null,
      applyHash(h) {
        this.hash = {...h};
      },
    },
  }));
}

/**
 * One function: `fn`, its name, which its messages start with; `args()` a
 * valid call's arguments (fresh each time), `call(lib, args)`,
 * `check(result, args)` against node:crypto, and `params`: [name as the
 * messages name it, bad values, or an array() of them]. `pool`:
 * the pool's method of the same contract; `splits`: the pool spreads the
 * valid call over its threads (the others stay on the caller).
 */
const f = (fn, spec) => ({fn, ...spec});

/** The functions of sha256-simd, and its classes' methods. */
export const PACKAGE = [
  f("digest", {
    args: () => [pseudoRandomBytes(100, 1)],
    call: (m, [data]) => m.digest(data),
    check: (r, [data]) => same(r, sha256Oracle(data), "digest"),
    params: [["data", bytes(100)]],
  }),
  f("digest64", {
    args: () => [pseudoRandomBytes(64, 2)],
    call: (m, [data]) => m.digest64(data),
    check: (r, [data]) => same(r, sha256Oracle(data), "digest64"),
    params: [["data", exactly(64)]],
  }),
  f("digest64Into", {
    args: () => [pseudoRandomBytes(64, 3), new Uint8Array(32)],
    call: (m, [data, out]) => m.digest64Into(data, out),
    check: (r, [data, out]) => same(out, sha256Oracle(data), "digest64Into"),
    params: [
      ["data", exactly(64)],
      ["output", exactly(32)],
    ],
  }),
  f("digest2Bytes32", {
    args: () => [pseudoRandomBytes(32, 4), pseudoRandomBytes(32, 5)],
    call: (m, [a, b]) => m.digest2Bytes32(a, b),
    check: (r, [a, b]) => same(r, sha256Oracle(concatBytes(a, b)), "digest2Bytes32"),
    params: [
      ["bytes1", exactly(32)],
      ["bytes2", exactly(32)],
    ],
  }),
  f("digest2Bytes32Into", {
    args: () => [pseudoRandomBytes(32, 6), pseudoRandomBytes(32, 7), new Uint8Array(32)],
    call: (m, [a, b, out]) => m.digest2Bytes32Into(a, b, out),
    check: (r, [a, b, out]) => same(out, sha256Oracle(concatBytes(a, b)), "digest2Bytes32Into"),
    params: [
      ["bytes1", exactly(32)],
      ["bytes2", exactly(32)],
      ["output", exactly(32)],
    ],
  }),
  f("digest64HashObjects", {
    args: () => [obj(8), obj(9)],
    call: (m, [a, b]) => m.digest64HashObjects(a, b),
    check: (r, [a, b]) => same(hashObjectBytes(r), pairOracle(a, b), "digest64HashObjects"),
    params: [
      ["obj1", hashObject],
      ["obj2", hashObject],
    ],
  }),
  f("digest64HashObjectsInto", {
    args: () => [obj(10), obj(11), zeroObject()],
    call: (m, [a, b, out]) => m.digest64HashObjectsInto(a, b, out),
    check: (r, [a, b, out]) => same(hashObjectBytes(out), pairOracle(a, b), "digest64HashObjectsInto"),
    params: [
      ["obj1", hashObject],
      ["obj2", hashObject],
      ["output", target],
    ],
  }),
  f("batchHash4UintArray64s", {
    args: () => [[0, 1, 2, 3].map((i) => pseudoRandomBytes(64, 20 + i))],
    call: (m, [inputs]) => m.batchHash4UintArray64s(inputs),
    check: (r, [inputs]) => inputs.forEach((x, i) => same(r[i], sha256Oracle(x), `batchHash4UintArray64s[${i}]`)),
    params: [
      [
        "inputs",
        array(exactly(64), {
          at: 2,
          more: [
            ["3 entries", (valid) => valid.slice(0, 3)],
            ["5 entries", (valid) => [...valid, valid[0]]],
          ],
        }),
      ],
    ],
  }),
  f("batchHash4HashObjectInputs", {
    args: () => [Array.from({length: 8}, (_, i) => obj(30 + i))],
    call: (m, [inputs]) => m.batchHash4HashObjectInputs(inputs),
    check: (r, [inputs]) => r.forEach((o, i) => same(hashObjectBytes(o), pairOracle(inputs[2 * i], inputs[2 * i + 1]), `batch[${i}]`)),
    params: [
      [
        "inputs",
        array(hashObject, {
          at: 5,
          more: [
            ["7 entries", (valid) => valid.slice(0, 7)],
            ["9 entries", (valid) => [...valid, valid[0]]],
          ],
        }),
      ],
    ],
  }),
  f("hashInto", {
    splits: true,
    args: () => [pseudoRandomBytes(64 * MESSAGES, 40), new Uint8Array(32 * MESSAGES)],
    call: (m, [input, output]) => m.hashInto(input, output),
    check: (r, [input, output]) => same(output, once("hashInto", () => digestsOf(input)), "hashInto"),
    params: [
      ["input", exactly(64 * MESSAGES)],
      ["output", exactly(32 * MESSAGES)],
    ],
    pool: (p, [input, output]) => p.hashInto(input, output),
  }),
  f("SHA256.update", {
    args: () => [pseudoRandomBytes(150, 41)],
    call: (m, [data]) => new m.SHA256().update(data).final(),
    check: (r, [data]) => same(r, sha256Oracle(data), "SHA256"),
    params: [["data", bytes(150)]],
  }),
  f("byteArrayToHashObject", {
    args: () => [pseudoRandomBytes(40, 42), 5],
    call: (m, [byteArr, at]) => m.byteArrayToHashObject(byteArr, at),
    check: (r, [byteArr, at]) => same(hashObjectBytes(r), byteArr.subarray(at, at + 32), "byteArrayToHashObject"),
    params: [
      ["byteArr", bytes(40, {short: 31})],
      ["offset", offset(0, 32)],
    ],
  }),
  f("byteArrayIntoHashObject", {
    args: () => [pseudoRandomBytes(40, 43), 3, zeroObject()],
    call: (m, [byteArr, at, out]) => m.byteArrayIntoHashObject(byteArr, at, out),
    check: (r, [byteArr, at, out]) => same(hashObjectBytes(out), byteArr.subarray(at, at + 32), "byteArrayIntoHashObject"),
    params: [
      ["byteArr", bytes(40, {short: 31})],
      ["offset", offset(0, 32)],
      ["output", target],
    ],
  }),
  f("hashObjectToByteArray", {
    args: () => [obj(44), new Uint8Array(40), 8],
    call: (m, [o, byteArr, at]) => m.hashObjectToByteArray(o, byteArr, at),
    check: (r, [o, byteArr, at]) => same(byteArr.subarray(at, at + 32), hashObjectBytes(o), "hashObjectToByteArray"),
    params: [
      ["obj", hashObject],
      ["byteArr", bytes(40, {short: 31})],
      ["offset", offset(1, 32)],
    ],
  }),
  f("hmac", {
    args: () => [KEY, MESSAGE],
    call: (m, [key, message]) => m.hmac(key, message),
    check: (r, [key, message]) => same(r, hmacOracle(key, message), "hmac"),
    params: [
      ["key", bytes(40)],
      ["message", bytes(100)],
    ],
  }),
  f("HMAC", {
    args: () => [KEY],
    call: (m, [key]) => new m.HMAC(key).mac(MESSAGE),
    check: (r, [key]) => same(r, hmacOracle(key, MESSAGE), "HMAC"),
    params: [["key", bytes(40)]],
  }),
  f("HMAC.update", {
    args: () => [MESSAGE],
    call: (m, [data]) => new m.HMAC(KEY).update(data).final(),
    check: (r, [data]) => same(r, hmacOracle(KEY, data), "HMAC.update"),
    params: [["data", bytes(100)]],
  }),
  f("HMAC.mac", {
    args: () => [MESSAGE],
    call: (m, [message]) => new m.HMAC(KEY).mac(message),
    check: (r, [message]) => same(r, hmacOracle(KEY, message), "HMAC.mac"),
    params: [["message", bytes(100)]],
  }),
  f("hkdf", {
    args: () => [pseudoRandomBytes(22, 50), pseudoRandomBytes(13, 51), pseudoRandomBytes(10, 52), 42],
    call: (m, args) => m.hkdf(...args),
    check: (r, [ikm, salt, info, length]) => same(r, new Uint8Array(hkdfSync("sha256", ikm, salt, info, length)), "hkdf"),
    params: [
      ["ikm", bytes(22)],
      ["salt", bytes(13, {optional: true})],
      ["info", bytes(10, {optional: true})],
      ["length", integer(1, 8160)],
    ],
  }),
  f("hkdfExtract", {
    args: () => [pseudoRandomBytes(13, 53), pseudoRandomBytes(22, 54)],
    call: (m, [salt, ikm]) => m.hkdfExtract(salt, ikm),
    check: (r, [salt, ikm]) => same(r, hmacOracle(salt, ikm), "hkdfExtract"),
    params: [
      ["salt", bytes(13, {optional: true})],
      ["ikm", bytes(22)],
    ],
  }),
  f("hkdfExpand", {
    args: () => [pseudoRandomBytes(32, 55), pseudoRandomBytes(10, 56), 42],
    call: (m, args) => m.hkdfExpand(...args),
    // RFC 5869's T(i) = HMAC(prk, T(i - 1) || info || i), by node:crypto's HMAC: hkdfSync has no expand alone.
    check: (r, [prk, info, length]) => {
      const t = [];
      for (let i = 1, prev = new Uint8Array(0); 32 * t.length < length; i++) {
        prev = hmacOracle(prk, concatBytes(prev, info, new Uint8Array([i])));
        t.push(prev);
      }
      same(r, concatBytes(...t).subarray(0, length), "hkdfExpand");
    },
    params: [
      ["prk", bytes(32, {short: 31})],
      ["info", bytes(10, {optional: true})],
      ["length", integer(1, 8160)],
    ],
  }),
  f("pbkdf2", {
    args: () => [pseudoRandomBytes(12, 57), pseudoRandomBytes(16, 58), 3, 40],
    call: (m, args) => m.pbkdf2(...args),
    check: (r, [password, salt, iterations, length]) => same(r, new Uint8Array(pbkdf2Sync(password, salt, iterations, length, "sha256")), "pbkdf2"),
    params: [
      ["password", bytes(12)],
      ["salt", bytes(16)],
      ["iterations", integer(1, 2 ** 32 - 1)],
      ["length", integer(1, 2 ** 32 - 1)],
    ],
  }),
  f("digestParts", {
    args: () => [[pseudoRandomBytes(10, 60), pseudoRandomBytes(70, 61), pseudoRandomBytes(3, 62)]],
    call: (m, [parts]) => m.digestParts(parts),
    check: (r, [parts]) => same(r, sha256Oracle(concatBytes(...parts)), "digestParts"),
    params: [["parts", array(bytes(70))]],
  }),
  f("digestMany", {
    splits: true,
    args: () => [messageList()],
    call: (m, [messages]) => m.digestMany(messages),
    check: (r, [messages]) => same(concatBytes(...r), manyOracle(), "digestMany"),
    params: [["messages", array(bytes(61))]],
    pool: (p, [messages]) => p.digestMany(messages),
  }),
  f("digestManyInto", {
    splits: true,
    args: () => [messageList(), new Uint8Array(32 * MANY)],
    call: (m, [messages, output]) => m.digestManyInto(messages, output),
    check: (r, [messages, output]) => same(output, manyOracle(), "digestManyInto"),
    params: [
      ["messages", array(bytes(61))],
      ["output", exactly(32 * MANY)],
    ],
    pool: (p, [messages, output]) => p.digestManyInto(messages, output),
  }),
];

/** The hasher's functions: `lib` is sha256-simd/hasher's hasher, or the pool's. */
export const HASHER = [
  f("hashInto", {
    splits: true,
    args: () => [pseudoRandomBytes(64 * MESSAGES, 40), new Uint8Array(32 * MESSAGES)],
    call: (h, [input, output]) => h.hashInto(input, output),
    check: (r, [input, output]) => same(output, once("hashInto", () => digestsOf(input)), "hashInto"),
    params: [
      ["input", exactly(64 * MESSAGES)],
      ["output", exactly(32 * MESSAGES)],
    ],
  }),
  f("digest64", {
    args: () => [pseudoRandomBytes(32, 4), pseudoRandomBytes(32, 5)],
    call: (h, [a, b]) => h.digest64(a, b),
    check: (r, [a, b]) => same(r, sha256Oracle(concatBytes(a, b)), "digest64"),
    params: [
      ["a32Bytes", exactly(32)],
      ["b32Bytes", exactly(32)],
    ],
  }),
  f("digest64Into", {
    args: () => [pseudoRandomBytes(32, 6), pseudoRandomBytes(32, 7), new Uint8Array(32)],
    call: (h, [a, b, out]) => h.digest64Into(a, b, out),
    check: (r, [a, b, out]) => same(out, sha256Oracle(concatBytes(a, b)), "digest64Into"),
    params: [
      ["a32Bytes", exactly(32)],
      ["b32Bytes", exactly(32)],
      ["output", exactly(32)],
    ],
  }),
  f("digest64HashObjects", {
    args: () => [obj(10), obj(11), zeroObject()],
    call: (h, [a, b, parent]) => h.digest64HashObjects(a, b, parent),
    check: (r, [a, b, parent]) => same(hashObjectBytes(parent), pairOracle(a, b), "digest64HashObjects"),
    params: [
      ["left", hashObject],
      ["right", hashObject],
      ["parent", target],
    ],
  }),
  f("merkleizeBlocksBytes", {
    splits: true,
    args: () => [pseudoRandomBytes(32 * CHUNKS, 70), 2 ** LEVELS, new Uint8Array(48), 8],
    call: (h, args) => h.merkleizeBlocksBytes(...args),
    check: (r, [blocksBytes, , output, at]) => same(output.subarray(at, at + 32), once("tree-bytes", () => merkleOracle(blocksBytes, LEVELS)), "merkleizeBlocksBytes"),
    params: [
      ["blocksBytes", bytes(32 * CHUNKS, {short: 32 * CHUNKS - 32, long: 32 * CHUNKS + 1})],
      ["padFor", padFor],
      ["output", bytes(48, {short: 31})],
      ["offset", offset(2, 32)],
    ],
  }),
  f("merkleizeBlockArray", {
    splits: true,
    // One block more than blockLimit: persistent-merkle-tree's callers reuse longer arrays.
    args: () => {
      const all = pseudoRandomBytes(32 * CHUNKS + 64, 70);
      const blocks = Array.from({length: CHUNKS / 2 + 1}, (_, i) => all.slice(64 * i, 64 * i + 64));
      return [blocks, CHUNKS / 2, 2 ** LEVELS, new Uint8Array(48), 8];
    },
    call: (h, args) => h.merkleizeBlockArray(...args),
    check: (r, [blocks, , , output, at]) => same(output.subarray(at, at + 32), once("tree-array", () => merkleOracle(concatBytes(...blocks.slice(0, -1)), LEVELS)), "merkleizeBlockArray"),
    params: [
      ["blocks", array(exactly(64))],
      ["blockLimit", [...integer(0), ["more than blocks.length", (valid, args) => args[0].length + 1]]],
      ["padFor", padFor],
      ["output", bytes(48, {short: 31})],
      ["offset", offset(3, 32)],
    ],
  }),
  f("digestNLevel", {
    splits: true,
    args: () => [pseudoRandomBytes(32 * CHUNKS, 71), 3],
    call: (h, [data, nLevel]) => h.digestNLevel(data, nLevel),
    check: (r, [data, nLevel]) =>
      same(r, once("nlevel", () => {
        const bytes = pseudoRandomBytes(32 * CHUNKS, 71);
        return concatBytes(...Array.from({length: CHUNKS / 8}, (_, i) => merkleOracle(bytes.subarray(256 * i, 256 * i + 256), 3)));
      }), "digestNLevel"),
    params: [
      ["data", bytes(32 * CHUNKS, {short: 32 * CHUNKS - 32, long: 32 * CHUNKS + 1})],
      ["nLevel", [...integer(1), ["negative", () => -1]]],
    ],
  }),
  f("executeHashComputations", {
    splits: true,
    args: () => [[hcLevel(MESSAGES + 4)]],
    call: (h, [hcs]) => h.executeHashComputations(hcs),
    check: (r, [hcs]) => {
      const want = once("hcs", () => digestsOf(pseudoRandomBytes(64 * (MESSAGES + 4), 77)));
      hcs[0].forEach(({dest}, i) => same(hashObjectBytes(dest.hash), want.subarray(32 * i, 32 * i + 32), `dest ${i}`));
    },
    params: [["hashComputations", array(array(hashComputation, {at: 0, list: level}), {at: 0})]],
  }),
];

/**
 * Bad values that throw the drop-in contract's error instead of one naming
 * the argument: as-sha256's length errors, persistent-merkle-tree's hashers'
 * (their messages, their classes), keyed "function argument value".
 */
export const CONTRACT = {
  // as-sha256
  "digest64 data too short": "InvalidLengthForDigest64",
  "digest64 data too long": "InvalidLengthForDigest64",
  "digest64Into data too short": "InvalidLengthForDigest64, got 63",
  "digest64Into data too long": "InvalidLengthForDigest64, got 65",
  "digest64Into output too short": "InvalidLengthForOutput32, got 31",
  "digest64Into output too long": "InvalidLengthForOutput32, got 33",
  ...Object.fromEntries(
    [
      ["digest2Bytes32", "bytes1", "bytes2"],
      ["digest2Bytes32Into", "bytes1", "bytes2"],
      ["hasher.digest64", "a32Bytes", "b32Bytes"],
      ["hasher.digest64Into", "a32Bytes", "b32Bytes"],
    ].flatMap(([fn, ...args]) => args.flatMap((arg) => ["too short", "too long"].map((v) => [`${fn} ${arg} ${v}`, "InvalidLengthForDigest64"]))),
  ),
  ...Object.fromEntries(
    ["digest2Bytes32Into", "hasher.digest64Into"].flatMap((fn) =>
      ["too short", "too long"].map((v) => [`${fn} output ${v}`, "InvalidLengthForOutput32"]),
    ),
  ),
  "batchHash4UintArray64s inputs 3 entries": "Input length must be 4",
  "batchHash4UintArray64s inputs 5 entries": "Input length must be 4",
  "batchHash4UintArray64s inputs[2] null": "Input 2 is null or undefined",
  "batchHash4UintArray64s inputs[2] undefined": "Input 2 is null or undefined",
  "batchHash4UintArray64s inputs[2] too short": "Invalid length 63 at input 2",
  "batchHash4UintArray64s inputs[2] too long": "Invalid length 65 at input 2",
  "batchHash4HashObjectInputs inputs 7 entries": "Input length must be 8",
  "batchHash4HashObjectInputs inputs 9 entries": "Input length must be 8",
  ...Object.fromEntries(
    ["hashInto", "hasher.hashInto"].flatMap((fn) => [
      [`${fn} input too short`, `Invalid input length ${64 * MESSAGES - 1}`],
      [`${fn} input too long`, `Invalid input length ${64 * MESSAGES + 1}`],
      [`${fn} output too short`, `Invalid output length ${32 * MESSAGES - 1}`],
      [`${fn} output too long`, `Invalid output length ${32 * MESSAGES + 1}`],
    ]),
  ),
  // persistent-merkle-tree's hashers (lib/hasher/util.js, and hashtree's executeHashComputations)
  "hasher.merkleizeBlocksBytes blocksBytes too short": `Invalid input length, expect to be multiple of 64 bytes, got ${32 * CHUNKS - 32}, padFor=${2 ** LEVELS}`,
  "hasher.merkleizeBlocksBytes blocksBytes too long": `Invalid input length, expect to be multiple of 32 bytes, got ${32 * CHUNKS + 1}`,
  "hasher.merkleizeBlocksBytes padFor null": "Invalid padFor, expect to be greater than 0, got null",
  "hasher.merkleizeBlocksBytes padFor negative": "Invalid padFor, expect to be greater than 0, got -1",
  "hasher.merkleizeBlocksBytes padFor zero": "Invalid padFor, expect to be greater than 0, got 0",
  "hasher.merkleizeBlockArray blocks[1] too short": "Invalid block length, expect to be 64 bytes, got 63",
  "hasher.merkleizeBlockArray blocks[1] too long": "Invalid block length, expect to be 64 bytes, got 65",
  "hasher.merkleizeBlockArray blockLimit more than blocks.length": `Invalid blockLimit, expect to be less than or equal blocks.length ${CHUNKS / 2 + 1}, got ${CHUNKS / 2 + 2}`,
  "hasher.merkleizeBlockArray blockLimit Infinity": `Invalid blockLimit, expect to be less than or equal blocks.length ${CHUNKS / 2 + 1}, got Infinity`,
  "hasher.merkleizeBlockArray padFor null": "Invalid padFor, expect to be at least 1, got null",
  "hasher.merkleizeBlockArray padFor negative": "Invalid padFor, expect to be at least 1, got -1",
  "hasher.merkleizeBlockArray padFor zero": "Invalid padFor, expect to be at least 1, got 0",
  "hasher.digestNLevel data too short": `Invalid input length, expect to be multiple of 256 for nLevel 3, got ${32 * CHUNKS - 32}`,
  "hasher.digestNLevel data too long": `Invalid input length, expect to be multiple of 256 for nLevel 3, got ${32 * CHUNKS + 1}`,
  "hasher.digestNLevel nLevel null": "Invalid nLevel, expect to be greater than 0, got null",
  "hasher.digestNLevel nLevel below the least": "Invalid nLevel, expect to be greater than 0, got 0",
  "hasher.digestNLevel nLevel negative": "Invalid nLevel, expect to be greater than 0, got -1",
  "hasher.executeHashComputations hashComputations[0] null": "no hash computations for level 0",
  "hasher.executeHashComputations hashComputations[0] undefined": "no hash computations for level 0",
  // Iterables of what are not HashComputations.
  "hasher.executeHashComputations hashComputations[0] a string": "Invalid HashComputation at index 0",
  "hasher.executeHashComputations hashComputations[0] a Uint8Array": "Invalid HashComputation at index 0",
  // hashtree's error for an entry it cannot use; for a null one theirs is the engine's TypeError.
  "hasher.executeHashComputations hashComputations[0][0] null": "Invalid HashComputation at index 0",
  "hasher.executeHashComputations hashComputations[0][0] a number": "Invalid HashComputation at index 0",
  "hasher.executeHashComputations hashComputations[0][0] src1 null": "Invalid HashComputation at index 0",
};

/**
 * Bad values refused by an error that names neither the function nor the
 * argument, keyed as CONTRACT is: none today; an entry here is a gap to close.
 */
export const GAPS = {};

/** Exports tested apart from the matrix, and why. */
export const APART = {
  allocUnsafe: "as-sha256's allocUnsafe: Node's Buffer.allocUnsafe errors, and a fractional size rounded down",
  reinitializeInstance: "as-sha256's reinitializeInstance: useSimd is read for its truthiness",
  hash4Input64s: "an alias of batchHash4UintArray64s",
  hash8HashObjects: "an alias of batchHash4HashObjectInputs",
};
