// The merkle module under the react-native condition and sha256-simd/portable,
// and as every entry's fallback where no wasm can run: cpp/merkle.cpp written
// in JavaScript on the hash64 it is linked to, as the portable core is, in
// fewer bytes than the C++ through wasm2js (docs/performance-notes.md,
// "Module sizes"). Its scratch lies in the merkle module's part of the
// core's memory.

/** wasm.mk's MERKLE_BASE: the merkle module's memory (test/instance.test.js reads wasm.mk). */
export const MERKLE_BASE = 1966080;
/** Depths from DEEP up share one slot, the deepest computed so far, as in cpp/merkle.cpp. */
const DEEP = 65;

/**
 * A new instance linked to `memory` and `hash64`: its exports, as the merkle module's.
 * @param {{memory: {buffer: ArrayBuffer}, hash64: (out: number, input: number, count: number) => void}} env
 * @returns {import("../../core/tree-hasher.js").MerkleExports}
 */
export function portable({memory, hash64}) {
  const u8 = new Uint8Array(memory.buffer);
  // Two 64-byte pairs, the zero hashes' and a path's, then the zero hash of
  // each depth up to DEEP: slot 0, the zero chunk, stays as memory starts.
  const ZERO_PAIR = MERKLE_BASE;
  const PATH = ZERO_PAIR + 64;
  /** @param {number} depth */
  const slot = (depth) => PATH + 64 + 32 * Math.min(depth, DEEP);
  /** @type {(to: number, from: number) => void} */
  const copy = (to, from) => void u8.copyWithin(to, from, from + 32);
  let top = 0;

  /**
   * Writes the zero hash of `depth` to `to`: that of d + 1 is H(z || z), z that of d.
   * @param {number} to
   * @param {number} depth
   */
  function putZeroHash(to, depth) {
    if (depth >= DEEP && depth < top) top = DEEP - 1;
    for (; top < depth; top++) {
      copy(ZERO_PAIR, slot(top));
      copy(ZERO_PAIR + 32, slot(top));
      hash64(slot(top + 1), ZERO_PAIR, 1);
    }
    copy(to, slot(depth));
  }

  return {
    merkleize(out, data, count, depth, levels) {
      if (count === 0) {
        putZeroHash(data, depth);
        count = 1;
      }
      for (; levels > 0 && count > 1; levels--, depth++) {
        if (count % 2 === 1) putZeroHash(data + 32 * count++, depth);
        hash64(data, data, count / 2);
        count /= 2;
      }
      // One node left: the rest of its path pairs it with zero subtrees.
      copy(PATH, data);
      for (; levels > 0; levels--, depth++) {
        putZeroHash(PATH + 32, depth);
        hash64(PATH, PATH, 1);
      }
      copy(out, PATH);
    },
    digest_n_level(data, count, levels) {
      for (; levels > 0; levels--, count = count >>> 1) hash64(data, data, count >>> 1);
    },
  };
}

/** @type {null} */
export const module = null;
