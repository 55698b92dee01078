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

// Digests: fresh arrays, or where those cost more (Deno: js/core/engine.js)
// 32-byte views of chunks of Buffer's pool, which the runtime keeps
// untransferable: sending one with its buffer transferred throws, as with
// as-sha256's, and leaves every other digest whole.
const CHUNK = 2048;
/** @type {Uint8Array | null} */
let chunk = null;
let chunkOffset = CHUNK;

/**
 * A chunk of Buffer's pool; null where Buffer pools none (Buffer.poolSize set low).
 * @returns {Uint8Array | null}
 */
function poolChunk() {
  const b = NodeBuffer?.allocUnsafe?.(CHUNK);
  return b && b.buffer.byteLength > CHUNK ? b : null;
}

/** @returns {Uint8Array} */
function viewOfPool() {
  if (chunkOffset === CHUNK) {
    chunk = poolChunk();
    chunkOffset = 0;
  }
  if (chunk === null) {
    chunkOffset = CHUNK;
    return new Uint8Array(32);
  }
  let out;
  try {
    out = new Uint8Array(chunk.buffer, chunk.byteOffset + chunkOffset, 32);
  } catch {
    // The pool was detached all the same (a runtime that lets it be moved): a fresh chunk.
    chunkOffset = CHUNK;
    return viewOfPool();
  }
  chunkOffset += 32;
  return out;
}


/**
 * The ways of ENGINE_CHOICES' digests row to make a new digest, a 32-byte
 * Uint8Array of its own holding src's 32 bytes (lab/choices.js times each way).
 * @type {Record<"views" | "copied" | "fresh", (src: Uint8Array) => Uint8Array>}
 */
const digestMakers = {
  views: (src) => {
    const out = viewOfPool();
    copySmall(out, src, 32);
    return out;
  },
  copied: (src) => new Uint8Array(src),
  fresh: (src) => {
    const out = new Uint8Array(32);
    copySmall(out, src, 32);
    return out;
  },
};

/**
 * A new digest, made this engine's way: V8 copies fastest by constructing
 * from src (performance-notes, "Per-engine choices").
 * @internal
 * @type {(src: Uint8Array) => Uint8Array}
 */
export const digestOf = digestMakers[choices.digests];

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
  const out = choices.digests === "views" ? viewOfPool() : new Uint8Array(32);
  for (let j = 0; j < 32; j++) out[j] = bytes[at + j];
  return out;
}
