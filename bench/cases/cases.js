// The core API's cases (hashInto, digest64, the HashObject and batch functions,
// digest at each size, the SHA256 object), ours against as-sha256 and each peer,
// for bench/node.js and the page. Environment-neutral: libraries are arguments.

/**
 * @typedef {object} Libs  the implementations loaded by the running environment
 * @property {object} ours  the sha256-simd API module namespace (js/index.js)
 * @property {object} asSha256  @chainsafe/as-sha256
 * @property {object} [hashWasm]  hash-wasm
 * @property {object} [noble]  @noble/hashes/sha2.js
 * @property {object} [nodeCrypto]  node:crypto
 * @property {{hash: Function, hashInto: Function}} [hashtree]  @chainsafe/hashtree, where its native binary loads
 * @property {SubtleCrypto} [webcrypto]  crypto.subtle
 */

import {concatBytes, contender, oursVariants, pseudoRandomBytes, splitBytes} from "./common.js";
import {loadPeers} from "./peers.js";

/** The cases of the headline run (--headline, `make bench`): the functions a merkle tree calls, the batch functions, digest at three sizes. */
export const headlineCaseIds = [
  "hashInto-65536",
  "hashInto-16",
  "digest64",
  "digest2Bytes32Into",
  "digest64HashObjectsInto",
  "batchHash4UintArray64s",
  "batchHash4HashObjectInputs",
  "digest-32 B",
  "digest-1 KiB",
  "digest-1 MiB",
];

const newHashObject = () => ({h0: 0, h1: 0, h2: 0, h3: 0, h4: 0, h5: 0, h6: 0, h7: 0});

/**
 * Case specs. `api(lib)` serves ours and as-sha256 alike (same API), `peer(p)` each Peer of peers.js
 * (undefined where it cannot do the op), `subtle(s)` WebCrypto. Each returns {run, bytes?}: bytes(result)
 * turns run()'s result into its digests (default: the result is the bytes). HashObjects are converted
 * with as-sha256's own helpers.
 */
function specs({asSha256: ref}) {
  const writeObjs = (objs, bytes) => {
    for (let i = 0; i < objs.length; i++) ref.hashObjectToByteArray(objs[i], bytes, 32 * i);
    return bytes;
  };
  const objBytes = (objs) => writeObjs(objs, new Uint8Array(32 * objs.length));

  /**
   * A peer's way to do an op it has no function for: fill(scratch) writes the
   * op's input into `size` bytes, many() hashes them, read(digests) gives the op's result.
   */
  const viaMany = (p, size, fill, read, bytes) => {
    const scratch = new Uint8Array(size);
    const out = new Uint8Array(size / 2);
    return {run: () => (fill(scratch), p.many(scratch, out), read(out)), bytes};
  };

  const hashInto = (n) => {
    const input = pseudoRandomBytes(64 * n, n);
    const into = (hash) => {
      const out = new Uint8Array(32 * n);
      return {run: () => (hash(input, out), out)};
    };
    return {
      id: `hashInto-${n}`,
      title: `hashInto, ${n} messages`,
      description: `hashInto() of ${n} 64-byte messages into ${n} digests; time per hash`,
      peerNote: "peers without a batch API hash the messages one by one (digest64 in a loop)",
      messages: splitBytes(input, 64),
      opsPerCall: n,
      unit: "hash",
      api: (lib) => into(lib.hashInto),
      peer: (p) => into(p.many),
    };
  };

  const digestOf = (size, label) => {
    const msg = pseudoRandomBytes(size, size + 7);
    return {
      id: `digest-${label}`,
      title: `digest, ${label}`,
      description: `digest() of one ${label} message, returning a new 32-byte array` +
        (size >= 1024 ? "; MB/s of message" : "") +
        "; WebCrypto is awaited call by call in each timed batch",
      messages: [msg],
      bytesPerOp: size >= 1024 ? size : undefined,
      api: (lib) => ({run: () => lib.digest(msg)}),
      peer: (p) => (p.only64 && size !== 64 ? undefined : {run: () => p.one(msg)}),
      subtle: (s) => ({run: () => s.digest("SHA-256", msg)}),
    };
  };

  const msg64 = pseudoRandomBytes(64, 64);
  const left = msg64.slice(0, 32);
  const right = msg64.slice(32);
  const leftObj = ref.byteArrayToHashObject(msg64, 0);
  const rightObj = ref.byteArrayToHashObject(msg64, 32);
  const pairObjs = [leftObj, rightObj];
  const four = pseudoRandomBytes(256, 256);
  const fourMsgs = splitBytes(four, 64).map((m) => m.slice());
  const eightObjs = splitBytes(four, 32).map((_, i) => ref.byteArrayToHashObject(four, 32 * i));
  const chunked = pseudoRandomBytes(1024, 1024);
  const chunks = splitBytes(chunked, 64).map((c) => c.slice());
  const small = pseudoRandomBytes(32, 33);

  return [
    hashInto(65536),
    hashInto(4),
    hashInto(16),
    hashInto(64),
    {
      id: "digest64",
      title: "digest64",
      description: "digest64() of one 64-byte message, returning a new 32-byte array",
      messages: [msg64],
      api: (lib) => ({run: () => lib.digest64(msg64)}),
      peer: (p) => ({run: () => p.one(msg64)}),
    },
    {
      id: "digest2Bytes32Into",
      title: "digest2Bytes32Into",
      description: "digest2Bytes32Into() of two 32-byte arrays into a caller's 32-byte array",
      peerNote: "peers copy both halves into one 64-byte array and hash it into the output",
      messages: [msg64],
      api: (lib) => {
        const out = new Uint8Array(32);
        return {run: () => (lib.digest2Bytes32Into(left, right, out), out)};
      },
      peer: (p) => viaMany(p, 64, (s) => (s.set(left), s.set(right, 32)), (out) => out),
    },
    {
      id: "digest64HashObjectsInto",
      title: "digest64HashObjectsInto",
      description: "digest64HashObjectsInto() of two HashObjects into a caller's HashObject",
      peerNote: "peers write both HashObjects into 64 bytes, hash, and read the digest into the output HashObject",
      messages: [msg64],
      api: (lib) => {
        const out = newHashObject();
        return {run: () => (lib.digest64HashObjectsInto(leftObj, rightObj, out), out), bytes: (o) => objBytes([o])};
      },
      peer: (p) => {
        const out = newHashObject();
        const read = (digest) => (ref.byteArrayIntoHashObject(digest, 0, out), out);
        return viaMany(p, 64, (s) => writeObjs(pairObjs, s), read, (o) => objBytes([o]));
      },
    },
    {
      id: "batchHash4UintArray64s",
      title: "batchHash4UintArray64s",
      description: "batchHash4UintArray64s() of four 64-byte messages, returning four new 32-byte arrays",
      peerNote:
        "peers copy the four messages into 256 bytes, hash them (one by one where they have no batch API), " +
        "and copy out four arrays",
      messages: fourMsgs,
      api: (lib) => ({run: () => lib.batchHash4UintArray64s(fourMsgs), bytes: concatBytes}),
      peer: (p) => {
        const read = (out) => [0, 1, 2, 3].map((i) => out.slice(32 * i, 32 * i + 32));
        return viaMany(p, 256, (s) => fourMsgs.forEach((m, i) => s.set(m, 64 * i)), read, concatBytes);
      },
    },
    {
      id: "batchHash4HashObjectInputs",
      title: "batchHash4HashObjectInputs",
      description: "batchHash4HashObjectInputs() of eight HashObjects (four pairs), returning four new HashObjects",
      peerNote:
        "peers write the eight HashObjects into 256 bytes, hash (one by one where they have no batch API), " +
        "and read four new HashObjects",
      messages: fourMsgs,
      api: (lib) => ({run: () => lib.batchHash4HashObjectInputs(eightObjs), bytes: objBytes}),
      peer: (p) => {
        const read = (out) => [0, 1, 2, 3].map((i) => ref.byteArrayToHashObject(out, 32 * i));
        return viaMany(p, 256, (s) => writeObjs(eightObjs, s), read, objBytes);
      },
    },
    digestOf(32, "32 B"),
    digestOf(64, "64 B"),
    digestOf(256, "256 B"),
    digestOf(1024, "1 KiB"),
    digestOf(16384, "16 KiB"),
    digestOf(1 << 20, "1 MiB"),
    {
      id: "SHA256-new",
      title: "new SHA256().init()",
      description: "making a streaming hasher object (as-sha256 instantiates a wasm module per object); " +
        "its output is checked by hashing 32 bytes with a new object; hash-wasm's createSHA256() is async and awaited",
      peerNote: "peers make their own streaming hasher: createSHA256(), sha256.create(), createHash('sha256')",
      messages: [small],
      api: (lib) => ({run: () => new lib.SHA256().init(), bytes: (h) => h.update(small).final()}),
      peer: (p) =>
        p.create && {
          run: p.create,
          async: p.createIsAsync,
          bytes: (h) => (p.update(h, small), p.final(h)),
        },
    },
    {
      id: "SHA256-update-64B-chunks",
      title: "SHA256 update, 1 KiB in 64 B chunks",
      description: "init(), 16 update() calls of 64 bytes, final() on a reused hasher object; MB/s of message " +
        "(64-byte chunks: as-sha256 is wrong for chunks that end mid-block)",
      peerNote: "peers reuse a hasher where they can restart one (hash-wasm), else make one per op",
      messages: [chunked],
      bytesPerOp: 1024,
      api: (lib) => {
        const h = new lib.SHA256();
        return {
          run: () => {
            h.init();
            for (const c of chunks) h.update(c);
            return h.final();
          },
        };
      },
      peer: async (p) => {
        if (!p.update) return undefined;
        const kept = p.reset ? await p.create() : undefined;
        return {
          run: () => {
            const h = kept ?? p.create();
            if (kept) p.reset(kept);
            for (const c of chunks) p.update(h, c);
            return p.final(h);
          },
        };
      },
    },
  ];
}

/**
 * @param {Libs} libs
 * @returns {Promise<import("./common.js").Case[]>}
 */
export async function makeCases(libs) {
  const peers = await loadPeers(libs);
  const cases = [];
  for (const {api, peer, subtle, ...spec} of specs(libs)) {
    const contenders = oursVariants(libs, api);
    contenders.push(contender("as-sha256", api(libs.asSha256)));
    for (const p of peers) {
      const op = await peer(p);
      if (op) contenders.push(contender(p.impl, op));
    }
    if (subtle && libs.webcrypto) contenders.push(contender("webcrypto", {...subtle(libs.webcrypto), async: true}));
    cases.push({opsPerCall: 1, unit: "call", ...spec, contenders});
  }
  return cases;
}
