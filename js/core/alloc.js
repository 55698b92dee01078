import {choices} from "./engine.js";
import {copySmall} from "./io.js";

// allocUnsafe is as-sha256's export, kept for drop-in use: in Node it hands
// out views into Buffer's pooled memory, as as-sha256 does.
const NodeBuffer = globalThis.Buffer;

/**
 * A Uint8Array of `size` bytes (default 0) that may hold old data (in Node, a
 * view of Buffer's pool): only for memory that is overwritten in full at once.
 * @type {(size?: number) => Uint8Array}
 */
export const allocUnsafe =
  typeof NodeBuffer?.allocUnsafe === "function"
    ? (size = 0) => {
        const b = NodeBuffer.allocUnsafe(size);
        return new Uint8Array(b.buffer, b.byteOffset, b.byteLength);
      }
    : (size = 0) => new Uint8Array(size);

/**
 * A new array for a digest: its own, or on Deno, where js/node.js sets it
 * (js/core/pool-views.js), a view of Buffer's pool.
 * @type {() => Uint8Array}
 */
let newDigest = () => new Uint8Array(32);

/**
 * A new digest array, to fill: made as setNewDigest last said.
 * @internal
 * @returns {Uint8Array}
 */
export const freshDigest = () => newDigest();

/**
 * Makes `make` the maker of new digest arrays.
 * @internal
 * @param {() => Uint8Array} make
 */
export function setNewDigest(make) {
  newDigest = make;
}

/**
 * A new digest, a 32-byte Uint8Array of its own holding src's 32 bytes,
 * made this engine's way (ENGINE_CHOICES' digests row; lab/choices.js times
 * each): V8 copies fastest by constructing from src, the others copy into a
 * new array (performance-notes, "Per-engine choices").
 * @internal
 * @type {(src: Uint8Array) => Uint8Array}
 */
export const digestOf =
  choices.digests === "copied"
    ? (src) => new Uint8Array(src)
    : (src) => {
        const out = newDigest();
        copySmall(out, src, 32);
        return out;
      };

/**
 * A new digest of the 32 bytes of `bytes` at `at`, copied by loop: for the
 * digests of a batch, where a view per digest made digestOf the slower
 * (performance-notes, "digest() on node:crypto").
 * @internal
 * @param {Uint8Array} bytes
 * @param {number} at
 * @returns {Uint8Array}
 */
export function digestAt(bytes, at) {
  const out = newDigest();
  for (let j = 0; j < 32; j++) out[j] = bytes[at + j];
  return out;
}
