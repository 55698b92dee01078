// The sizes every part of the package works in.

/** A digest, and a merkle tree's chunk. */
export const CHUNK = 32;
/** A SHA-256 block, and a 64-byte message: two chunks. */
export const BLOCK = 64;
