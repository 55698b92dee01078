import {engine} from "./engine.js";

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

// Digests returned by digest(), digest64() and the like. V8 as Deno 2.9.6
// builds it allocates each `new Uint8Array(32)` its own backing store: 391 ns
// against 52 ns for a 32-byte view into a shared 8 KiB ArrayBuffer (process CPU
// time, best of 15). Node 24 and 26 take 65 and 67 ns against 51 and 48 for
// the view, and Bun (JavaScriptCore) 37 against 73. In Chromium 156 the view
// is the slower one: 94-176 ns against 70-110 ns for a fresh array, copied
// in from wasm memory, best of 7, five runs. So Node and Deno get views, and
// browsers and the other engines fresh arrays. A view keeps its 8 KiB alive,
// as Node's Buffer pool does for the digests of as-sha256.
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
const serverV8 = engine === "v8" && (typeof globalThis.process?.versions?.node === "string" || typeof globalThis.Deno === "object");
export const newDigest = serverV8 ? viewOfSlab : () => new Uint8Array(32);
