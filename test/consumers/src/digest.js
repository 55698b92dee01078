// The "digest only" page: what an application that hashes messages imports.
// Sets globalThis.consumerResult to a promise of {problems}, against WebCrypto.
import {digest} from "sha256-simd";

async function check() {
  const problems = [];
  for (const n of [0, 3, 64, 1000, 100000]) {
    const data = new Uint8Array(n).map((_, i) => (i * 31 + n) & 255);
    const expected = new Uint8Array(await crypto.subtle.digest("SHA-256", data));
    if (digest(data).join() !== expected.join()) problems.push(`digest of ${n} bytes`);
  }
  return {problems};
}

globalThis.consumerResult = check();
