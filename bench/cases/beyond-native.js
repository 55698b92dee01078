// The platform's own SHA-256 for bench/cases/cases-beyond.js, one shape for
// node:crypto and WebCrypto: each is the oracle contenders are checked against
// and a timed contender itself. Environment-neutral: each takes its library as
// an argument, so the page's bundle (WebCrypto alone) holds no node: import.
import {concatBytes} from "sha256-simd-support/bytes.js";

/**
 * @typedef {object} Native  each function returns bytes (a Uint8Array or an ArrayBuffer), or a promise of them where `async`
 * @property {string} name  the contender's name in results
 * @property {boolean} async
 * @property {(key: Uint8Array) => ((message: Uint8Array) => unknown) | Promise<(message: Uint8Array) => unknown>} hmacKey
 *   sets up what can be kept of `key`, then gives the HMAC of a message
 * @property {(ikm: Uint8Array, salt: Uint8Array, info: Uint8Array, length: number) => unknown} hkdf
 * @property {(password: Uint8Array, salt: Uint8Array, iterations: number, length: number) => unknown} pbkdf2
 * @property {(message: Uint8Array) => unknown} digest
 * @property {(parts: Uint8Array[]) => unknown} digestParts  the digest of the parts one after another
 * @property {(messages: Uint8Array[]) => unknown} digestMany  the messages' digests, concatenated
 */

/**
 * node:crypto (pass the module), as bench/node.js --beyond times it; it keeps no HMAC key (createHmac sets it up per message).
 * @returns {Native}
 */
export function nodeCrypto({createHash, createHmac, hkdfSync, pbkdf2Sync}) {
  const hash = (m) => createHash("sha256").update(m).digest();
  return {
    name: "node-crypto",
    async: false,
    hmacKey: (key) => (m) => createHmac("sha256", key).update(m).digest(),
    hkdf: (ikm, salt, info, length) => new Uint8Array(hkdfSync("sha256", ikm, salt, info, length)),
    pbkdf2: (password, salt, iterations, length) => pbkdf2Sync(password, salt, iterations, length, "sha256"),
    digest: hash,
    digestParts(parts) {
      const h = createHash("sha256");
      for (const p of parts) h.update(p);
      return h.digest();
    },
    digestMany: (messages) => concatBytes(messages.map(hash)),
  };
}

/**
 * WebCrypto (pass crypto.subtle), asynchronous throughout. The HMAC key is imported once and kept, as
 * ours and noble keep theirs; HKDF and PBKDF2 import theirs per call, as a caller deriving from a new
 * secret must. WebCrypto hashes whole messages only: digestParts is the digest of the concatenation,
 * and digestMany a Promise.all of digests, which the browser may run in parallel.
 * @returns {Native}
 */
export function webCrypto(subtle) {
  const sha = "SHA-256";
  const raw = (bytes, algorithm, usages) => subtle.importKey("raw", bytes, algorithm, false, usages);
  return {
    name: "webcrypto",
    async: true,
    async hmacKey(key) {
      const k = await raw(key, {name: "HMAC", hash: sha}, ["sign"]);
      return (m) => subtle.sign("HMAC", k, m);
    },
    hkdf: async (ikm, salt, info, length) =>
      subtle.deriveBits({name: "HKDF", hash: sha, salt, info}, await raw(ikm, "HKDF", ["deriveBits"]), 8 * length),
    pbkdf2: async (password, salt, iterations, length) =>
      subtle.deriveBits({name: "PBKDF2", hash: sha, salt, iterations}, await raw(password, "PBKDF2", ["deriveBits"]), 8 * length),
    digest: (m) => subtle.digest(sha, m),
    digestParts: (parts) => subtle.digest(sha, concatBytes(parts)),
    async digestMany(messages) {
      const digests = await Promise.all(messages.map((m) => subtle.digest(sha, m)));
      return concatBytes(digests.map((d) => new Uint8Array(d)));
    },
  };
}
