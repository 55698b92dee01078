// Digests where fresh arrays cost more (Deno: js/core/engine.js's digests
// row "views"): 32-byte views of chunks of Buffer's pool, which the runtime
// keeps untransferable: sending one with its buffer transferred throws, as
// with as-sha256's, and leaves every other digest whole. Only the server
// entry (js/node.js) carries it, since only Deno takes it.
const NodeBuffer = globalThis.Buffer;
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
export function viewOfPool() {
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
