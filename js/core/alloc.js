import {choices} from "./engine.js";

// allocUnsafe is as-sha256's export, kept for drop-in use: in Node it hands
// out views into Buffer's pooled memory, as as-sha256 does. The digests of
// this package do not use it: newDigest() below is faster (measured, see
// allocDigest in api.js).
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

// Digests returned by digest(), digest64() and the like: fresh arrays, or
// 32-byte views of a shared 8 KiB block where those are faster (js/engine.js).
// A view keeps its 8 KiB alive, as Node's Buffer pool does for the digests of
// as-sha256.
const slabSize = 8192;
let slab = null;
let slabOffset = slabSize;

function viewOfSlab() {
  if (slabOffset === slabSize) {
    slab = new ArrayBuffer(slabSize);
    slabOffset = 0;
  }
  const out = new Uint8Array(slab, slabOffset, 32);
  slabOffset += 32;
  return out;
}

/** A new 32-byte Uint8Array, zeroed, for a digest. */
export const newDigest = choices.digests === "views" ? viewOfSlab : () => new Uint8Array(32);
