// Benchmark cases for the persistent-merkle-tree Hasher (js/hasher.js), in the
// Case shape of cases.js: ours against persistent-merkle-tree's as-sha256 and
// hashtree hashers, all in one process. Environment-neutral like cases.js:
// every library comes in as an argument.
//
// Each case's output is a tree root, which is the SHA-256 of the 64 bytes of
// its two children: those 64 bytes are the case's one message, computed when
// the case is made with the as-sha256 hasher, so the runner's oracle checks
// every contender's root against them.
//
// The validator cases go through @chainsafe/ssz, which needs Node's Buffer
// (lib/util/merkleize.js, lib/type/listComposite.js): they are made only when
// `ssz` is given, so the browser page, which has no Buffer, runs the two
// persistent-merkle-tree cases.

/**
 * @typedef {object} HasherLibs
 * @property {object} ours  the sha256-simd API module namespace (js/index.js), to switch modules
 * @property {object} oursHasher  `hasher` of js/hasher.js
 * @property {object} pmt  @chainsafe/persistent-merkle-tree
 * @property {object} [ssz]  @chainsafe/ssz; without it the validator cases are left out
 * @property {object} asSha256Hasher  `hasher` of @chainsafe/persistent-merkle-tree/hasher/as-sha256
 * @property {object} [hashtreeHasher]  `hasher` of .../hasher/hashtree, where @chainsafe/hashtree loads
 */

import {concatBytes, oursVariants, pseudoRandomBytes, target} from "./cases.js";

/** A ceiling on ours' time as a multiple of the peer's: ratio >= 1 / times. */
const atMostTimes = (impl, times) => target(impl, 1 / times, `>= ${(1 / times).toFixed(2)}x (ours <= ${times}x its time)`);

/** The 64 bytes under a root: its two children, from a tree the as-sha256 hasher hashed. */
function childrenBytes(pmt, node) {
  return concatBytes([pmt.hashObjectToUint8Array(node.left), pmt.hashObjectToUint8Array(node.right)]);
}

function withHasher(pmt, h, fn) {
  const previous = pmt.hasher;
  pmt.setHasher(h);
  try {
    return fn();
  } finally {
    pmt.setHasher(previous);
  }
}

function specs({pmt, ssz, asSha256Hasher}, {chunks20 = false} = {}) {
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
      targets: [target("as-sha256", 3), atMostTimes("hashtree", 2.5)],
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
    const leaves = [];
    for (let i = 0; i < count; i++) leaves.push(pmt.LeafNode.fromRoot(bytes.subarray(32 * i, 32 * i + 32)));
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
      messages: [childrenBytes(pmt, root)],
      targets: [target("as-sha256", 2.5)],
      op: (h) => () => {
        h.executeHashComputations(hcByLevel);
        return pmt.hashObjectToUint8Array(root);
      },
    };
  };

  const validatorCases = () => {
    const UintNum64 = new ssz.UintNumberType(8);
    const Validator = new ssz.ContainerType({
      pubkey: new ssz.ByteVectorType(48),
      withdrawalCredentials: new ssz.ByteVectorType(32),
      effectiveBalance: UintNum64,
      slashed: new ssz.BooleanType(),
      activationEligibilityEpoch: UintNum64,
      activationEpoch: UintNum64,
      exitEpoch: UintNum64,
      withdrawableEpoch: UintNum64,
    });
    const Validators = new ssz.ListCompositeType(Validator, 2 ** 40);
    const count = 20000;
    const seeds = pseudoRandomBytes(4 * count, 20);
    const values = [];
    for (let i = 0; i < count; i++) {
      values.push({
        pubkey: pseudoRandomBytes(48, 3 * i + 1),
        withdrawalCredentials: pseudoRandomBytes(32, 3 * i + 2),
        effectiveBalance: (seeds[4 * i] % 33) * 1e9,
        slashed: seeds[4 * i + 1] % 2 === 1,
        activationEligibilityEpoch: i,
        activationEpoch: i + seeds[4 * i + 2],
        // Infinity is no UintNum64 value; the far-future epoch is the largest exact number.
        exitEpoch: seeds[4 * i + 3] % 4 === 0 ? 100000 + i : Number.MAX_SAFE_INTEGER,
        withdrawableEpoch: Number.MAX_SAFE_INTEGER,
      });
    }
    // root = H(root of the validator roots padded to 2^40 || the length, little-endian)
    const message = withHasher(pmt, asSha256Hasher, () => {
      const roots = concatBytes([...values.map((v) => Validator.hashTreeRoot(v)), new Uint8Array(32 * (count % 2))]);
      const m = new Uint8Array(64);
      asSha256Hasher.merkleizeBlocksBytes(roots, 2 ** 40, m, 0);
      new DataView(m.buffer).setUint32(32, count, true);
      return m;
    });
    const common = {
      messages: [message],
      // Through ssz, so the hasher must be persistent-merkle-tree's global one.
      global: true,
      // 80-180 ms calls, some with a major GC: the median of 5 leaves those out.
      minSamples: 5,
    };
    return [
      {
        ...common,
        id: "hasher-validators-value-20k",
        title: "hashTreeRoot of 20,000 Validators, value",
        description: "ssz ListCompositeType(Validator, 2^40).hashTreeRoot(values) of 20,000 validators, with setHasher(hasher)",
        targets: [atMostTimes("hashtree", 1.3)],
        op: () => () => Validators.hashTreeRoot(values),
      },
      {
        ...common,
        id: "hasher-validators-viewdu-20k",
        title: "hashTreeRoot of 20,000 Validators, ViewDU",
        description: "ssz toViewDU(values).batchHashTreeRoot() of 20,000 validators, with setHasher(hasher): " +
          "building the tree (the same work for every hasher) and hashing it through executeHashComputations()",
        targets: [atMostTimes("hashtree", 1.3)],
        op: () => () => Validators.toViewDU(values).batchHashTreeRoot(),
      },
    ];
  };

  return [
    blocksBytesCase(2 ** 16, 2 ** 20),
    ...(chunks20 ? [blocksBytesCase(2 ** 20, 2 ** 20)] : []),
    hashComputationsCase(),
    ...(ssz ? validatorCases() : []),
  ];
}

/** A Contender of cases.js; a case marked `global` runs with the hasher set by setHasher(). */
function contender(pmt, spec, impl, h, hooks = {}) {
  const run = spec.op(h);
  let previous;
  const before = () => {
    hooks.before?.();
    if (spec.global) {
      // The ssz cases allocate tens of MB per call: each contender's round
      // starts from a collected heap, rather than paying for the garbage of
      // the contender before it (where the engine exposes gc()).
      globalThis.gc?.();
      previous = pmt.hasher;
      pmt.setHasher(h);
    }
  };
  const after = () => {
    if (spec.global) pmt.setHasher(previous);
    hooks.after?.();
  };
  const output = async () => new Uint8Array(run()).slice();
  return {impl, run, async: false, output, before, after};
}

/**
 * Builds the hasher cases for the implementations in `libs`.
 * @param {HasherLibs} libs
 * @param {object} [options]
 * @param {{impl: string, hasher: object}[]} [options.hashers]  hashers to time instead of
 *   as-sha256's and ours' scalar module (ours-simd and hashtree stay)
 * @param {boolean} [options.chunks20]  add merkleizeBlocksBytes of 2^20 chunks
 * @returns {import("./cases.js").Case[]}
 */
export function makeHasherCases(libs, {hashers, chunks20 = false} = {}) {
  const {pmt, oursHasher, asSha256Hasher, hashtreeHasher} = libs;
  return specs(libs, {chunks20}).map(({op, global, ...spec}) => {
    const s = {op, global};
    let contenders = oursVariants(libs.ours).map(({impl, ...hooks}) => contender(pmt, s, impl, oursHasher, hooks));
    if (hashers) {
      contenders = contenders.filter((k) => k.impl === "ours-simd");
      for (const {impl, hasher} of hashers) contenders.push(contender(pmt, s, impl, hasher));
    } else {
      contenders.push(contender(pmt, s, "as-sha256", asSha256Hasher));
    }
    if (hashtreeHasher) contenders.push(contender(pmt, s, "hashtree", hashtreeHasher));
    return {opsPerCall: 1, unit: "call", ...spec, contenders};
  });
}
