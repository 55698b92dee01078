// The platform's SHA-256 for digest() of long inputs, where an entry point
// found node:crypto (node.js, for Node, Bun and Deno): OpenSSL or BoringSSL
// with the CPU's SHA instructions, which is faster than wasm from some
// length on. The browser entries never import node.js, so no bundle for a
// browser reaches node:crypto.
import {newDigest} from "./alloc.js";

/**
 * digest() and digestParts() hand inputs of `min` bytes or more to `hash`
 * and `parts`, and digestMany messages of `manyMin` or more to `raw`, which
 * returns node:crypto's Buffer as it is, for copying out.
 */
export const native = {min: Infinity, manyMin: Infinity, hash: null, raw: null, parts: null};

/**
 * Hands digest() inputs from `min` bytes up, and digestMany's messages from
 * `manyMin` up (where node:crypto beats the 4-lane kernel), to `crypto` (the node:crypto
 * module; undefined or null: none, and every input stays on wasm). A crypto
 * that throws (a FIPS build that refuses, a stub) is dropped without a word,
 * and that input and every later one go to wasm.
 */
export function useNativeDigest(crypto, min, manyMin = Infinity) {
  const off = () => {
    native.min = Infinity;
    native.manyMin = Infinity;
    native.hash = native.raw = native.parts = null;
    return null;
  };
  off();
  if (typeof crypto?.createHash !== "function") return;
  const once = typeof crypto.hash === "function" ? (d) => crypto.hash("sha256", d, "buffer") : (d) => crypto.createHash("sha256").update(d).digest();
  // A result that is not 32 bytes, or a throw (refused): wasm from now on.
  const checked = (hash) => (input) => {
    try {
      const b = hash(input);
      if (b?.length === 32) return b;
    } catch {
      // Refused.
    }
    return off();
  };
  native.raw = checked(once);
  native.parts = checked((parts) => {
    const h = crypto.createHash("sha256");
    for (let i = 0; i < parts.length; i++) h.update(parts[i]);
    return h.digest();
  });
  // Copied into the package's own digest array (alloc.js), not viewed: a
  // view of node:crypto's Buffer costs more than the copy, as its
  // ArrayBuffer is made on demand (docs/performance-notes.md, "digest() on
  // node:crypto").
  const view = (b) => {
    if (b === null) return null;
    const out = newDigest();
    out.set(b);
    return out;
  };
  native.hash = (data) => view(native.raw(data));
  const partsRaw = native.parts;
  native.parts = (parts) => view(partsRaw(parts));
  native.min = min;
  native.manyMin = manyMin;
}
