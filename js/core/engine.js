// Which runtime and engine run this code, and the few choices that are
// faster one way on one and the other way on another: all in this file's two
// tables. Engines are told apart by a fresh Error's own properties: `line` in
// JavaScriptCore, `lineNumber` in SpiderMonkey, neither in V8.

/** "jsc", "spidermonkey" or "v8". */
export const engine = detectEngine(new Error());

/**
 * @param {Error & {line?: unknown, lineNumber?: unknown}} error
 * @returns {"jsc" | "spidermonkey" | "v8"}
 */
export function detectEngine(error) {
  if (typeof error.line === "number") return "jsc";
  if (typeof error.lineNumber === "number") return "spidermonkey";
  return "v8";
}

/**
 * Per server runtime, or per engine in a browser (any engine not listed
 * takes V8's row), measured in docs/performance-notes.md
 * ("Per-engine choices"):
 * - singleStream: how the SIMD module compresses one stream, "simd"
 *   (cpp/compress_simd128.cpp) or "scalar" (cpp/compress_scalar.cpp);
 * - smallCopy: how the 64-byte functions copy, "set" or "loop";
 * - digests: how digest() and the like make theirs: "copied" (a Uint8Array
 *   constructed from the module's bytes), "fresh" (a new one, then copied
 *   into) or "views" (of chunks of Buffer's pool): Deno makes a fresh one slowly;
 * - lanes: the 4-lane shape, "x4" (cpp/compress_x4.cpp), or "measure": x4 or
 *   x4m (cpp/compress_x4m.cpp), whichever is faster on this CPU (js/core/lanes.js);
 * - contexts: where a SHA256 object keeps its 112-byte state, "own" (an
 *   array of its own) or "slab" (a view of a shared buffer): V8 allocates a
 *   typed array over 64 bytes outside its heap, slowly.
 * @typedef {{singleStream: "simd" | "scalar", smallCopy: "set" | "loop", digests: "copied" | "fresh" | "views", lanes: "x4" | "measure", contexts: "own" | "slab"}} Choices
 * @type {Record<string, Choices>}
 */
export const ENGINE_CHOICES = {
  node: {singleStream: "simd", smallCopy: "set", digests: "copied", lanes: "x4", contexts: "slab"},
  deno: {singleStream: "simd", smallCopy: "set", digests: "views", lanes: "x4", contexts: "slab"},
  bun: {singleStream: "simd", smallCopy: "set", digests: "fresh", lanes: "measure", contexts: "own"},
  v8: {singleStream: "simd", smallCopy: "set", digests: "copied", lanes: "x4", contexts: "slab"},
  spidermonkey: {singleStream: "simd", smallCopy: "set", digests: "fresh", lanes: "x4", contexts: "own"},
  jsc: {singleStream: "scalar", smallCopy: "loop", digests: "fresh", lanes: "measure", contexts: "own"},
};

/** Node, or a runtime with its APIs (Bun, Deno): node:worker_threads and the like are there. */
// Not Cloudflare Workers, whose nodejs_compat has process.versions.node too.
export const isNode = typeof globalThis.process?.versions?.node === "string" && globalThis.navigator?.userAgent !== "Cloudflare-Workers";
/**
 * A built-in module of Node, Bun or Deno (node:crypto, node:worker_threads), loaded synchronously; undefined elsewhere, and on Node before 20.16.
 * @param {string} name
 * @returns {any} Untyped: this package has no Node types.
 */
export const builtin = (name) => globalThis.process?.getBuiltinModule?.(name);
/** The server runtime, "node", "deno" or "bun"; null in a browser or a Worker. */
export const runtime = globalThis.process?.versions?.bun ? "bun" : typeof globalThis.Deno === "object" ? "deno" : isNode ? "node" : null;
/** This runtime's or engine's row of ENGINE_CHOICES. */
export const choices = ENGINE_CHOICES[runtime ?? engine] ?? ENGINE_CHOICES.v8;

/**
 * Per server runtime, the input length from which node:crypto, its digest
 * taken as NATIVE_OUTPUT says, measured faster than wasm's single stream, for
 * digest() and digestParts(): `fast` where node:crypto's SHA-256 runs on the
 * CPU's SHA instructions, `plain` where it does not, as js/core/node-crypto.js
 * finds at its load (docs/performance-notes.md, "digest() on node:crypto").
 */
export const NATIVE_FROM = {node: {fast: 128, plain: 384}, bun: {fast: 0, plain: 0}, deno: {fast: 1024, plain: 1024}};
/**
 * Per server runtime, the form node:crypto returns its digest in, the
 * cheapest there with its reading into bytes: a latin1 string on Node, a hex
 * string on Deno, a Buffer on Bun (performance-notes, "digest() on node:crypto").
 */
export const NATIVE_OUTPUT = {node: "latin1", bun: "buffer", deno: "hex"};
/**
 * The same for each message of digestMany(), against its share of the 4-lane
 * kernel: about where node:crypto overtook the lanes, and never below
 * NATIVE_FROM, so digestMany() is never slower than digest() in a loop.
 */
export const NATIVE_MANY_FROM = {node: {fast: 320, plain: 65536}, bun: {fast: 0, plain: 0}, deno: {fast: 1024, plain: 1024}};
/**
 * This runtime's rows of NATIVE_FROM and NATIVE_MANY_FROM for a CPU of that kind.
 * @param {"fast" | "plain"} kind
 * @returns {{min: number, manyMin: number}}
 */
export const nativeFrom = (kind) => ({min: NATIVE_FROM[runtime ?? "node"][kind], manyMin: NATIVE_MANY_FROM[runtime ?? "node"][kind]});
/** This runtime's NATIVE_OUTPUT. */
export const nativeOutput = () => NATIVE_OUTPUT[runtime ?? "node"];
