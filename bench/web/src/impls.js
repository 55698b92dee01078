// How each implementation id from bench/cases.js reads on the page, and its colour.
import {implIds} from "../../cases.js";

const info = {
  "ours-simd": {label: "sha256-simd (SIMD)", color: "#1f77b4"},
  "ours-scalar": {label: "sha256-simd (scalar)", color: "#6baed6"},
  "as-sha256": {label: "@chainsafe/as-sha256", color: "#7f7f7f"},
  "hash-wasm": {label: "hash-wasm", color: "#2ca02c"},
  noble: {label: "@noble/hashes", color: "#ff7f0e"},
  "node-crypto": {label: "node:crypto", color: "#9467bd"},
  hashtree: {label: "@chainsafe/hashtree", color: "#8c564b"},
  webcrypto: {label: "WebCrypto (async)", color: "#d62728"},
};

export function implLabel(id) {
  return info[id]?.label ?? id;
}

export function implColor(id) {
  return info[id]?.color ?? "#444";
}

/** Sorts implementation ids into the table order of bench/cases.js; unknown ones last. */
export function implOrder(ids) {
  const rank = (id) => (implIds.includes(id) ? implIds.indexOf(id) : implIds.length);
  return [...ids].sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
}
