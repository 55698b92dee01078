// node:crypto for long inputs, under the Node, Bun and Deno entry
// (js/node.js): faster than wasm from some length on. Loaded at the first
// input that long, not at import, which cost Node 24 about 10 ms of start
// (docs/performance-notes.md, "Start-up"); no browser bundle carries it.
import {digestOf, freshDigest} from "./alloc.js";
import {nativeFrom, nativeOutput} from "./engine.js";
import {native} from "./native.js";

const EMPTY_HEX = "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855";

function off() {
  Object.assign(native, {min: Infinity, manyMin: Infinity, digest: null, parts: null, raw: null});
}

// node:crypto's digest in this runtime's cheapest form (engine.js,
// NATIVE_OUTPUT): a latin1 or hex string, read straight into the digest's
// array, or on Bun a Buffer, copied (performance-notes, "digest() on node:crypto").
const OUTPUT = nativeOutput();
const HEX_DIGITS = OUTPUT === "hex";
const bytes = new Uint8Array(32);
/** Each hex digit's value, by its character code: node:crypto writes 0-9a-f. */
const HEX = new Uint8Array(103);
for (let i = 0; i < 16; i++) HEX["0123456789abcdef".charCodeAt(i)] = i;
/**
 * The 32 bytes of a digest that node:crypto returned, in a new digest array
 * if `fresh`, else in one that the next call may overwrite; null where it is none.
 * @param {unknown} d
 * @param {boolean} fresh
 * @returns {Uint8Array | null}
 */
function read(d, fresh) {
  if (typeof d !== "string") return d instanceof Uint8Array && d.length === 32 ? (fresh ? digestOf(d) : d) : null;
  if (d.length !== (HEX_DIGITS ? 64 : 32)) return null;
  const out = fresh ? freshDigest() : bytes;
  if (HEX_DIGITS) for (let i = 0; i < 32; i++) out[i] = (HEX[d.charCodeAt(2 * i)] << 4) | HEX[d.charCodeAt(2 * i + 1)];
  else for (let i = 0; i < 32; i++) out[i] = d.charCodeAt(i);
  return out;
}

/**
 * Points native's functions at node:crypto `c`. Each returns null where `c`
 * refuses its input (a part over its length limit, say): wasm then hashes
 * that input, and later ones still come here, unless `c` fails on the empty
 * input too, which turns it off for good.
 * @param {any} c node:crypto, untyped: this package has no Node types.
 */
function useCrypto(c) {
  /** @type {(data: Uint8Array, encoding: string) => unknown} A string, or a Buffer. */
  const once = typeof c.hash === "function" ? (d, e) => c.hash("sha256", d, e) : (d, e) => c.createHash("sha256").update(d).digest(e);
  const works = () => {
    try {
      return once(new Uint8Array(0), "hex") === EMPTY_HEX;
    } catch {
      return false;
    }
  };
  /** @returns {null} */
  const refused = () => {
    if (!works()) off();
    return null;
  };
  if (!works()) return off();
  /** @type {(fresh: boolean) => (data: Uint8Array) => Uint8Array | null} */
  const one = (fresh) => (data) => {
    try {
      const b = read(once(data, OUTPUT), fresh);
      if (b !== null) return b;
    } catch {
      // Refused.
    }
    return refused();
  };
  native.raw = one(false);
  native.digest = one(true);
  native.parts = (parts) => {
    try {
      const h = c.createHash("sha256");
      for (let i = 0; i < parts.length; i++) h.update(parts[i]);
      return read(h.digest(OUTPUT), true);
    } catch {
      return refused();
    }
  };
}

/**
 * Hands long inputs to the node:crypto that `getCrypto()` returns, from the
 * lengths js/core/engine.js gives for this runtime (or those given),
 * loading it at the first of them. Where it returns nothing (Node before 20.16 has no
 * process.getBuiltinModule), or a node:crypto that fails, every input stays
 * on wasm.
 * @param {() => any} getCrypto
 * @param {{min: number, manyMin: number}} [from] From which length digest() and digestParts(), and digestMany(), hand an input over.
 */
export function useNativeDigest(getCrypto, {min, manyMin} = nativeFrom()) {
  /** @type {(f: "digest" | "parts" | "raw") => (x: any) => Uint8Array | null} */
  const load = (f) => (x) => {
    let c = null;
    try {
      c = getCrypto();
    } catch {
      // Missing.
    }
    if (typeof c?.createHash === "function") useCrypto(c);
    else off();
    return native[f] === null ? null : native[f](x);
  };
  Object.assign(native, {min, manyMin, digest: load("digest"), parts: load("parts"), raw: load("raw")});
}
