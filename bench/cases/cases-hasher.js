// Benchmark cases for the persistent-merkle-tree Hasher (js/hasher.js), ours
// against its as-sha256 and hashtree hashers in one process; environment-neutral,
// each library comes in as an argument. A case's output is a tree root, the
// SHA-256 of its two children's 64 bytes: the case's one message, computed with
// the as-sha256 hasher when the case is made, so the runner's oracle checks
// every root. ssz's own workload, through setHasher(), is bench/ssz.js's.

/**
 * @typedef {object} HasherLibs
 * @property {object} ours  the sha256-simd API module namespace (js/index.js), to switch modules
 * @property {object} oursHasher  `hasher` of js/hasher.js
 * @property {object} pmt  @chainsafe/persistent-merkle-tree
 * @property {object} asSha256Hasher  `hasher` of @chainsafe/persistent-merkle-tree/hasher/as-sha256
 * @property {object} [hashtreeHasher]  `hasher` of .../hasher/hashtree, where @chainsafe/hashtree loads
 */

import {concatBytes, contender, oursVariants, pseudoRandomBytes, splitBytes} from "./common.js";

function specs({pmt, asSha256Hasher}, {chunks20 = false} = {}) {
  const blocksBytesCase = (chunks, padFor) => {
    const data = pseudoRandomBytes(32 * chunks, 16);
    // root = H(root of the first half, padded to padFor / 2 chunks || root of the second half)
    const halfRoot = (from) => {
      if (from >= chunks) return pmt.zeroHash(Math.log2(padFor) - 1);
      const root = new Uint8Array(32);
      asSha256Hasher.merkleizeBlocksBytes(data.slice(32 * from, 32 * Math.min(chunks, from + padFor / 2)), padFor / 2, root, 0);
      return root;
    };
    const [c, p] = [Math.log2(chunks), Math.log2(padFor)];
    return {
      id: `hasher-merkleizeBlocksBytes-2^${c}`,
      title: `hasher.merkleizeBlocksBytes, 2^${c} chunks, padFor 2^${p}`,
      description: `merkleizeBlocksBytes() of 2^${c} 32-byte chunks (${(32 * chunks) / 2 ** 20} MiB) padded to 2^${p} chunks; ` +
        "each op first restores the input, which persistent-merkle-tree's hashers overwrite",
      messages: [concatBytes([halfRoot(0), halfRoot(padFor / 2)])],
      op: (h) => {
        const work = new Uint8Array(data.length);
        const root = new Uint8Array(32);
        return () => {
          work.set(data);
          h.merkleizeBlocksBytes(work, padFor, root, 0);
          return root;
        };
      },
    };
  };

  const hashComputationsCase = () => {
    const count = 250000;
    const depth = 18;
    const bytes = pseudoRandomBytes(32 * count, 25);
    const leaves = splitBytes(bytes, 32).map((root) => pmt.LeafNode.fromRoot(root));
    // As ssz's ViewDU.batchHashTreeRoot() does: HashComputations by level, for every unhashed node.
    const hcByLevel = [];
    const root = pmt.subtreeFillToContents(leaves, depth, 0, hcByLevel);
    // Every op hashes every node again from the leaves up, whatever an earlier op left in them.
    asSha256Hasher.executeHashComputations(hcByLevel);
    return {
      id: "hasher-executeHashComputations-250k",
      title: "hasher.executeHashComputations, 250,000-leaf tree",
      description: "executeHashComputations() of all 250,000 branch nodes of a depth-18 tree over 250,000 leaves, " +
        "built with subtreeFillToContents(leaves, 18, 0, hcByLevel)",
      messages: [concatBytes([pmt.hashObjectToUint8Array(root.left), pmt.hashObjectToUint8Array(root.right)])],
      op: (h) => () => {
        h.executeHashComputations(hcByLevel);
        return pmt.hashObjectToUint8Array(root);
      },
    };
  };

  return [
    blocksBytesCase(2 ** 16, 2 ** 20),
    ...(chunks20 ? [blocksBytesCase(2 ** 20, 2 ** 20)] : []),
    hashComputationsCase(),
  ];
}

/**
 * @param {HasherLibs} libs
 * @param {object} [options]
 * @param {{impl: string, hasher: object}[]} [options.hashers]  hashers to time instead of
 *   as-sha256's and ours' portable build (ours-simd and hashtree stay)
 * @param {boolean} [options.chunks20]  add merkleizeBlocksBytes of 2^20 chunks
 * @returns {import("./common.js").Case[]}
 */
export function makeHasherCases(libs, {hashers, chunks20 = false} = {}) {
  const others = [...(hashers ?? [{impl: "as-sha256", hasher: libs.asSha256Hasher}])];
  if (libs.hashtreeHasher) others.push({impl: "hashtree", hasher: libs.hashtreeHasher});
  return specs(libs, {chunks20}).map(({op, ...spec}) => {
    // Ours on either module: the hasher runs on the main entry's.
    const ours = oursVariants(libs, () => ({run: op(libs.oursHasher)})).filter((k) => !hashers || k.impl === "ours-simd");
    const contenders = [...ours, ...others.map(({impl, hasher}) => contender(impl, {run: op(hasher)}))];
    return {opsPerCall: 1, unit: "call", ...spec, contenders};
  });
}
