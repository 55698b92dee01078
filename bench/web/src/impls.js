// How each implementation id from bench/cases/common.js reads on the page, and its colour.
import {implIds} from "../../cases/common.js";

const info = {
  "ours-simd": {label: "sha256-simd (SIMD)", color: "#1f77b4"},
  // In results files from before the portable build replaced the scalar module.
  "ours-scalar": {label: "sha256-simd (scalar)", color: "#6baed6"},
  "ours-js": {label: "sha256-simd (portable JS)", color: "#17becf"},
  "as-sha256": {label: "@chainsafe/as-sha256", color: "#7f7f7f"},
  "hash-wasm": {label: "hash-wasm", color: "#2ca02c"},
  noble: {label: "@noble/hashes", color: "#ff7f0e"},
  "node-crypto": {label: "node:crypto", color: "#9467bd"},
  hashtree: {label: "@chainsafe/hashtree", color: "#8c564b"},
  webcrypto: {label: "WebCrypto (async)", color: "#d62728"},
  // The beyond-* cases' other ways of doing the work with ours (bench/cases/cases-beyond.js).
  "ours-one-shot": {label: "sha256-simd hmac() (key set up per call)", color: "#aec7e8"},
  "ours-digest-loop": {label: "sha256-simd digest() in a loop", color: "#aec7e8"},
  "ours-digest-joined": {label: "sha256-simd digest() of the joined parts", color: "#aec7e8"},
};

export const implLabel = (id) => info[id]?.label ?? id;
export const implColor = (id) => info[id]?.color ?? "#444";

/** Sorts implementation ids into the table order of bench/cases/common.js; unknown ones last. */
export function implOrder(ids) {
  const rank = (id) => (implIds.includes(id) ? implIds.indexOf(id) : implIds.length);
  return [...ids].sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
}
