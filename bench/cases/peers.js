// How each peer library hashes, behind one small interface, so every case
// builds its peer contenders the same way. Environment-neutral: the libraries
// come in as arguments, nothing here imports node: modules.

/**
 * @typedef {object} Peer
 * @property {string} impl  the implementation id used in results
 * @property {(msg: Uint8Array) => Uint8Array} one  SHA-256 of one message
 * @property {(input: Uint8Array, output: Uint8Array) => void} many
 *   N 64-byte messages (input, N * 64 bytes) into N digests (output, N * 32 bytes)
 * @property {boolean} only64  true when the peer hashes 64-byte messages only
 * @property {() => object | Promise<object>} [create]  a new streaming hasher
 * @property {boolean} [createIsAsync]  create() returns a promise
 * @property {(h: object) => void} [reset]  restarts a hasher, where the peer can
 * @property {(h: object, data: Uint8Array) => void} [update]
 * @property {(h: object) => Uint8Array} [final]
 */

/** `many` for a peer that hashes one message per call: digest64 in a loop. */
function loopMany(one) {
  return (input, output) => {
    for (let i = 0, n = input.length >> 6; i < n; i++) {
      output.set(one(input.subarray(i * 64, i * 64 + 64)), i * 32);
    }
  };
}

/**
 * The peers present in `libs`, in display order. hash-wasm's createSHA256()
 * is async, so this is too; its hasher is made once and reused, as its docs
 * advise for repeated hashing.
 * @returns {Promise<Peer[]>}
 */
export async function loadPeers(libs) {
  const peers = [];
  if (libs.hashWasm) {
    const hw = await libs.hashWasm.createSHA256();
    const one = (m) => hw.init().update(m).digest("binary");
    peers.push({
      impl: "hash-wasm",
      one,
      many: loopMany(one),
      only64: false,
      create: () => libs.hashWasm.createSHA256(),
      createIsAsync: true,
      reset: (h) => h.init(),
      update: (h, d) => h.update(d),
      final: (h) => h.digest("binary"),
    });
  }
  if (libs.noble) {
    const {sha256} = libs.noble;
    peers.push({
      impl: "noble",
      one: sha256,
      many: loopMany(sha256),
      only64: false,
      create: () => sha256.create(),
      update: (h, d) => h.update(d),
      final: (h) => h.digest(),
    });
  }
  if (libs.nodeCrypto) {
    const {createHash} = libs.nodeCrypto;
    const one = (m) => createHash("sha256").update(m).digest();
    peers.push({
      impl: "node-crypto",
      one,
      many: loopMany(one),
      only64: false,
      create: () => createHash("sha256"),
      update: (h, d) => h.update(d),
      final: (h) => h.digest(),
    });
  }
  if (libs.hashtree) {
    const ht = libs.hashtree;
    peers.push({
      impl: "hashtree",
      one: ht.hash,
      many: ht.hashInto,
      only64: true,
    });
  }
  return peers;
}
