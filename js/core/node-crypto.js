// node:crypto for long inputs, under the entry for Node, Bun and Deno
// (js/node.js): OpenSSL or BoringSSL with the CPU's SHA instructions, faster
// than wasm from some length on. It is loaded at the first input that long,
// not at import: loading it took about 10 ms of Node 24's start
// (docs/performance-notes.md, "Start-up"). Only js/node.js imports this
// file, so no bundle for a browser carries it.
import {newDigest} from "./alloc.js";
import {nativeFrom} from "./engine.js";
import {native} from "./native.js";

let load = null;
let crypto = null;

function off() {
  native.min = native.manyMin = Infinity;
  load = crypto = null;
}

/**
 * Hands long inputs to the node:crypto that `getCrypto()` returns, at the
 * lengths js/core/engine.js gives for this runtime. Where it returns
 * nothing (Node before 20.16 has no process.getBuiltinModule), every input
 * stays on wasm.
 */
export function useNativeDigest(getCrypto, {digest, many} = nativeFrom()) {
  off();
  load = getCrypto;
  native.min = digest;
  native.manyMin = many;
  native.digest = nativeDigest;
  native.raw = nativeRaw;
  native.parts = nativeDigestParts;
}

const hashWith = (c, data) => (typeof c.hash === "function" ? c.hash("sha256", data, "buffer") : c.createHash("sha256").update(data).digest());
const EMPTY_HEX = "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855";

/** Whether node:crypto `c` hashes the empty input right. */
function works(c) {
  try {
    return hashWith(c, new Uint8Array(0)).toString("hex") === EMPTY_HEX;
  } catch {
    return false;
  }
}

/** node:crypto, loaded on first use; null, and off for good, where it is missing or broken. */
function module() {
  if (crypto === null && load !== null) {
    let c = null;
    try {
      c = load();
    } catch {
      // Missing.
    }
    if (typeof c?.createHash === "function" && works(c)) crypto = c;
    else off();
  }
  return crypto;
}

/**
 * `hash(crypto)`'s 32-byte Buffer, or null where node:crypto refuses this
 * input (a part over its length limit, say): wasm then hashes it, and later
 * inputs still come here, unless node:crypto fails on the empty input too.
 */
function attempt(hash) {
  const c = module();
  if (c === null) return null;
  try {
    const b = hash(c);
    if (b?.length === 32) return b;
  } catch {
    // Refused.
  }
  if (!works(c)) off();
  return null;
}

/** node:crypto's digest of data as its Buffer, to be copied out; null where it refused. */
const nativeRaw = (data) => attempt((c) => hashWith(c, data));

// Copied into the package's own digest array (alloc.js), not viewed: a view
// of node:crypto's Buffer costs more than the copy (performance-notes).
function copied(b) {
  if (b === null) return null;
  const out = newDigest();
  out.set(b);
  return out;
}

/** node:crypto's digest of data, or null where it refused. */
const nativeDigest = (data) => copied(nativeRaw(data));

/** node:crypto's digest of the concatenation of parts, updated part by part, or null where it refused. */
function nativeDigestParts(parts) {
  return copied(
    attempt((c) => {
      const h = c.createHash("sha256");
      for (let i = 0; i < parts.length; i++) h.update(parts[i]);
      return h.digest();
    }),
  );
}
