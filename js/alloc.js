// As in as-sha256: in Node, digests are views into Buffer's pooled memory,
// which is faster to hand out than a fresh ArrayBuffer per digest.
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
