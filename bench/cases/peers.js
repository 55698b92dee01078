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

/**
 * A peer with a streaming hasher and no batch API: `many` is `one` in a loop,
 * and update() and final() are the hasher's update() and digest() unless `more` says otherwise.
 */
function streaming(impl, one, create, more = {}) {
  const many = (input, output) => {
    for (let i = 0, n = input.length >> 6; i < n; i++) output.set(one(input.subarray(i * 64, i * 64 + 64)), i * 32);
  };
  return {impl, one, many, only64: false, create, update: (h, d) => h.update(d), final: (h) => h.digest(), ...more};
}

/**
 * The peers present in `libs`, in display order. hash-wasm's createSHA256() is async, so this is
 * too; its hasher is made once and reused, as its docs advise for repeated hashing.
 * @returns {Promise<Peer[]>}
 */
export async function loadPeers({hashWasm, noble, nodeCrypto, hashtree}) {
  const peers = [];
  if (hashWasm) {
    const hw = await hashWasm.createSHA256();
    const one = (m) => hw.init().update(m).digest("binary");
    const more = {createIsAsync: true, reset: (h) => h.init(), final: (h) => h.digest("binary")};
    peers.push(streaming("hash-wasm", one, () => hashWasm.createSHA256(), more));
  }
  if (noble) peers.push(streaming("noble", noble.sha256, () => noble.sha256.create()));
  if (nodeCrypto) {
    const {createHash} = nodeCrypto;
    peers.push(streaming("node-crypto", (m) => createHash("sha256").update(m).digest(), () => createHash("sha256")));
  }
  if (hashtree) peers.push({impl: "hashtree", one: hashtree.hash, many: hashtree.hashInto, only64: true});
  return peers;
}
