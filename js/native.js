// The platform's SHA-256 for digest() of long inputs, where an entry point
// found node:crypto (node.js, for Node, Bun and Deno): OpenSSL or BoringSSL
// with the CPU's SHA instructions, which is faster than wasm from some
// length on. The browser entries never import node.js, so no bundle for a
// browser reaches node:crypto.

/** digest() hands inputs of `min` bytes or more to `hash`, and digestMany messages of `manyMin` or more. */
export const native = {min: Infinity, manyMin: Infinity, hash: null};

/**
 * Hands digest() inputs from `min` bytes up, and digestMany's messages from
 * `manyMin` up (where node:crypto beats the 4-lane kernel), to `crypto` (the node:crypto
 * module; undefined or null: none, and every input stays on wasm). A crypto
 * that throws (a FIPS build that refuses, a stub) is dropped without a word,
 * and that input and every later one go to wasm.
 */
export function useNativeDigest(crypto, min, manyMin = Infinity) {
  native.min = Infinity;
  native.manyMin = Infinity;
  native.hash = null;
  if (typeof crypto?.createHash !== "function") return;
  const once = typeof crypto.hash === "function" ? (d) => crypto.hash("sha256", d, "buffer") : (d) => crypto.createHash("sha256").update(d).digest();
  native.hash = (data) => {
    try {
      const b = once(data);
      if (b?.length === 32) return new Uint8Array(b.buffer, b.byteOffset, 32);
    } catch {
      // Refused: wasm from now on.
    }
    native.min = Infinity;
    native.manyMin = Infinity;
    native.hash = null;
    return null;
  };
  native.min = min;
  native.manyMin = manyMin;
}
