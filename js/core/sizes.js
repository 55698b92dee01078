// The sizes every part of the package works in.

/** A digest, and a merkle tree's chunk. */
export const CHUNK = 32;
/** A SHA-256 block, and a 64-byte message: two chunks. */
export const BLOCK = 64;

/**
 * Levels between the chunks and the root of a tree padded to padFor chunks; NaN or Infinity for a padFor that is not a count.
 * @param {number} padFor
 * @returns {number}
 */
export const levelsOf = (padFor) => Math.ceil(Math.log2(padFor));
