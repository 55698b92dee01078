// Shared by every test file.
import {createHash} from "node:crypto";
import {reinitializeInstance, simdEnabled} from "../js/index.js";

export const modules = [
  {name: "SIMD module", simd: true},
  {name: "scalar module", simd: false},
];

/**
 * Runs the suite `fn` once per wasm module, with that module forced, and
 * restores the default module afterwards. The whole API is then tested twice.
 */
export function forEachModule(title, fn) {
  for (const m of modules) {
    describe(`${title} (${m.name})`, function () {
      before(function () {
        reinitializeInstance(m.simd);
        if (simdEnabled !== m.simd) throw new Error(`could not force the ${m.name}`);
      });
      after(function () {
        reinitializeInstance();
      });
      fn(m);
    });
  }
}

/** The oracle: node:crypto (OpenSSL). */
export function sha256Oracle(data) {
  return new Uint8Array(createHash("sha256").update(data).digest());
}

export function toHex(bytes) {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString("hex");
}

/** Deterministic pseudo-random bytes (xorshift32), so failures reproduce. */
export function pseudoRandomBytes(length, seed = 1) {
  const out = new Uint8Array(length);
  let x = seed >>> 0 || 1;
  for (let i = 0; i < length; i++) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    out[i] = x;
  }
  return out;
}
