// node:crypto for long inputs, under the Node, Bun and Deno entry
// (js/node.js): faster than wasm from some length on. Loaded at the first
// input that long, not at import, which cost Node 24 about 10 ms of start
// (docs/performance-notes.md, "Start-up"); no browser bundle carries it.
import {freshDigest} from "./alloc.js";
import {nativeFrom, nativeOutput} from "./engine.js";
import {native} from "./native.js";

/** The bytes of SHA-256 of no bytes (FIPS 180-4): node:crypto's check of itself. */
const EMPTY = "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855".match(/../g)?.map((h) => parseInt(h, 16)) ?? [];

/** @typedef {(algorithm: string, data?: Uint8Array, encoding?: string) => any} Hash */
/** @type {Hash} Where node:crypto is not loaded, or not working. */
const none = () => {
  throw new Error("no node:crypto");
};
/** node:crypto's one-shot hash (a string, or a Buffer) and its createHash, once loaded and working. */
let hashBy = none;
let createHash = none;
/** @type {(() => void) | null} What loads node:crypto, at the first input handed to it (useNativeDigest); null once it has run. */
let pending = null;

function off() {
  hashBy = createHash = none;
  Object.assign(native, {min: Infinity, manyMin: Infinity});
}

// node:crypto's digest in this runtime's cheapest form (engine.js,
// NATIVE_OUTPUT): a latin1 or hex string, read straight into the digest's
// array, or on Bun a Buffer, copied (performance-notes, "digest() on node:crypto").
const OUTPUT = nativeOutput();
const bytes = new Uint8Array(32);
/** Each hex digit's value, by its character code: node:crypto writes 0-9a-f. */
const HEX = new Uint8Array(103);
for (let i = 0; i < 16; i++) HEX["0123456789abcdef".charCodeAt(i)] = i;
/**
 * Writes the 32 bytes of a digest that node:crypto returned, in OUTPUT's
 * form, into `out`: null where it is none. One reader per form, chosen
 * here, keeps digest()'s path short (performance-notes, "digest() on node:crypto").
 * @type {(d: unknown, out: Uint8Array) => Uint8Array | null}
 */
const readInto =
  OUTPUT === "buffer"
    ? (d, out) => (d instanceof Uint8Array && d.length === 32 ? (out.set(d), out) : null)
    : OUTPUT === "hex"
      ? (d, out) => {
          if (typeof d !== "string" || d.length !== 64) return null;
          for (let i = 0; i < 32; i++) out[i] = (HEX[d.charCodeAt(2 * i)] << 4) | HEX[d.charCodeAt(2 * i + 1)];
          return out;
        }
      : (d, out) => {
          if (typeof d !== "string" || d.length !== 32) return null;
          for (let i = 0; i < 32; i++) out[i] = d.charCodeAt(i);
          return out;
        };

/**
 * Loads node:crypto `c` for native's functions, and where `measure`, sets
 * its lengths at those of this CPU's kind (shaKind). Each function returns
 * null where `c` refuses its input (a part over its length limit, say): wasm
 * then hashes that input, and later ones still come here, unless `c` fails
 * on the empty input too, which turns it off for good.
 * @param {any} c node:crypto, untyped: this package has no Node types.
 * @param {boolean} measure
 */
function useCrypto(c, measure) {
  // node:crypto's own hash, called as it is: part of digest()'s path's cost was wrappers of it (performance-notes, "digest() on node:crypto").
  hashBy = typeof c.hash === "function" ? c.hash : (a, d, e) => c.createHash(a).update(d).digest(e);
  createHash = (a) => c.createHash(a);
  if (!works()) return off();
  if (measure) {
    try {
      Object.assign(native, nativeFrom(shaKind(shaRatio((a, d) => hashBy(a, d, OUTPUT)))));
    } catch {
      // No SHA-512, or no clock: the fast kind's lengths stay.
    }
  }
}

/** Whether node:crypto digests the empty input right, read as every digest is: a form read wrong turns it off here. */
function works() {
  try {
    const b = readInto(hashBy("sha256", new Uint8Array(0), OUTPUT), bytes);
    return b !== null && b.every((x, i) => x === EMPTY[i]);
  } catch {
    return false;
  }
}

/** @returns {null} Where node:crypto refused an input: wasm hashes it; unless it fails on the empty input too, which turns it off for good. */
function refused() {
  if (!works()) off();
  return null;
}

/**
 * Whether node:crypto takes an input of n bytes: loaded at the first input
 * handed to it, it takes that one only if it is still as long as native[key]
 * says (none for parts), which the CPU's kind may have raised at the load.
 * @param {number} n
 * @param {"min" | "manyMin" | null} key
 */
function takes(n, key) {
  if (pending === null) return true;
  pending();
  pending = null;
  return hashBy !== none && (key === null || n >= native[key]);
}

/**
 * node:crypto's digest of data, into out; null where it refused data.
 * @param {Uint8Array} data
 * @param {Uint8Array} out
 */
function hashInto(data, out) {
  let d;
  try {
    d = hashBy("sha256", data, OUTPUT);
  } catch {
    return refused();
  }
  return readInto(d, out) ?? refused();
}

// native's functions, the same ones for the life of the process, so that
// the call in digest() stays on one target (performance-notes, "digest() on node:crypto").
/** @param {Uint8Array} data */
const nativeDigest = (data) => (takes(data.length, "min") ? hashInto(data, freshDigest()) : null);
/** @param {Uint8Array} data */
const nativeRaw = (data) => (takes(data.length, "manyMin") ? hashInto(data, bytes) : null);
/** @param {readonly Uint8Array[]} parts Past the I/O buffer's length, so always node:crypto's. */
function nativeParts(parts) {
  if (!takes(0, null)) return null;
  try {
    const h = createHash("sha256");
    for (let i = 0; i < parts.length; i++) h.update(parts[i]);
    return readInto(h.digest(OUTPUT), freshDigest()) ?? refused();
  } catch {
    return refused();
  }
}

/**
 * Whether node:crypto's SHA-256 runs on an x86 CPU's SHA instructions, by
 * `ratio`, shaRatio's: its time for 4 KiB under 0.95 of SHA-512's, which those leave alone.
 * Timed against each other, neither the clock nor the JIT's state counts:
 * 0.38-0.69 with the instructions, 1.22-1.56 with them hidden from OpenSSL,
 * on Node 20-26 and Bun (performance-notes, "digest() on node:crypto"). Not
 * on Arm, whose SHA-512 instructions speed SHA-512 too: untested there.
 * @param {number} ratio
 * @returns {"fast" | "plain"}
 */
export const shaKind = (ratio) => (ratio < 0.95 ? "fast" : "plain");

/** Whether the CPU's kind is measured here at all: on x86, where shaKind's line was measured. */
export const kindMeasured = globalThis.process?.arch === "x64";

/**
 * `hash`'s time for SHA-256 of 4 KiB over its time for SHA-512 of 4 KiB, the best of 8 each, taking turns.
 * @param {(algorithm: string, data: Uint8Array) => unknown} hash node:crypto's hash of `data` by `algorithm`.
 * @returns {number}
 */
export function shaRatio(hash) {
  const data = new Uint8Array(4096);
  /** @param {string} algorithm */
  const time = (algorithm) => {
    const start = performance.now();
    hash(algorithm, data);
    return performance.now() - start;
  };
  let sha256 = Infinity;
  let sha512 = Infinity;
  for (let round = 0; round < 8; round++) {
    sha256 = Math.min(sha256, time("sha256"));
    sha512 = Math.min(sha512, time("sha512"));
  }
  return sha256 / sha512;
}

/**
 * Hands long inputs to the node:crypto that `getCrypto()` returns, from the
 * lengths given, or else from those js/core/engine.js gives for this runtime
 * and this CPU's kind (shaKind, timed at the load where kindMeasured and the
 * two kinds' lengths differ), loading it at the first input that either kind would hand it.
 * Where it returns nothing (Node before 20.16 has no
 * process.getBuiltinModule), or a node:crypto that fails, every input stays
 * on wasm.
 * @param {() => any} getCrypto
 * @param {{min: number, manyMin: number}} [from] From which length digest() and digestParts(), and digestMany(), hand an input over.
 */
export function useNativeDigest(getCrypto, from) {
  const [fast, plain] = [nativeFrom("fast"), nativeFrom("plain")];
  const measure = from === undefined && kindMeasured && (fast.min !== plain.min || fast.manyMin !== plain.manyMin);
  hashBy = createHash = none;
  pending = () => {
    let c = null;
    try {
      c = getCrypto();
    } catch {
      // Missing.
    }
    if (typeof c?.createHash === "function") useCrypto(c, measure);
    else off();
  };
  Object.assign(native, from ?? fast, {digest: nativeDigest, parts: nativeParts, raw: nativeRaw});
}
