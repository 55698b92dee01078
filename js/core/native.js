// Where the API hands an input to the platform's SHA-256 instead of wasm:
// nowhere, unless the entry for Node, Bun and Deno fills this in
// (js/core/node-crypto.js), so that browser bundles carry none of it.

/**
 * digest() and digestParts() hand inputs of `min` bytes or more to
 * digest(data) and parts(parts), and digestMany() messages of `manyMin`
 * bytes or more to raw(data), which returns a 32-byte array to copy out. Each returns null
 * where it refused the input, and wasm then hashes it.
 * @type {{
 *   min: number,
 *   manyMin: number,
 *   digest: ((data: Uint8Array) => Uint8Array | null) | null,
 *   parts: ((parts: readonly Uint8Array[]) => Uint8Array | null) | null,
 *   raw: ((data: Uint8Array) => Uint8Array | null) | null,
 * }}
 */
export const native = {min: Infinity, manyMin: Infinity, digest: null, parts: null, raw: null};
