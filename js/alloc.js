// allocUnsafe is as-sha256's export, kept for drop-in use: in Node it hands
// out views into Buffer's pooled memory, as as-sha256 does. The digests of
// this package do not use it: a fresh Uint8Array is faster (measured, see
// allocDigest in index.js).
const NodeBuffer = globalThis.Buffer;

/**
 * A Uint8Array of `size` bytes that may hold old data: only for memory that is
 * overwritten in full at once.
 */
export const allocUnsafe =
  typeof NodeBuffer?.allocUnsafe === "function"
    ? (size = 0) => {
        const b = NodeBuffer.allocUnsafe(size);
        return new Uint8Array(b.buffer, b.byteOffset, b.byteLength);
      }
    : (size = 0) => new Uint8Array(size);
