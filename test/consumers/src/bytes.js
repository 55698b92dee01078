// What the consumers' checks share with their runners: the same inputs on
// every engine (a small LCG, no WebCrypto or node:crypto needed), and hex.

/** n bytes from a small LCG of `seed`. */
export function bytes(n, seed) {
  const out = new Uint8Array(n);
  let x = seed >>> 0 || 1;
  for (let i = 0; i < n; i++) {
    x = (Math.imul(x, 1664525) + 1013904223) >>> 0;
    out[i] = x >>> 24;
  }
  return out;
}

export const hex = (b) => Array.from(b, (x) => x.toString(16).padStart(2, "0")).join("");

/** The arrays, one after another, in a new Uint8Array. */
export function concat(...parts) {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}
