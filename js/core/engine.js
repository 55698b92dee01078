// Which JavaScript engine runs this code, and the few choices that are
// faster one way on one engine and the other way on another: all of them in
// one table. Why each engine gets its row, measured, is in
// docs/performance-notes.md ("Per-engine choices").
//
// Engines are told apart by the properties a fresh Error gets, which each
// has had for over a decade and none has copied from another: JavaScriptCore
// (Safari, every iOS browser, Bun) gives it `line` and `column`,
// SpiderMonkey (Firefox) `lineNumber` and `columnNumber`, V8 (Chrome, Node,
// Deno) neither. An unknown engine counts as V8, whose choices are the
// defaults.

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
 * Per engine:
 * - singleStream: how the SIMD module compresses one stream (digest, SHA256,
 *   one 64-byte message): "simd", the message schedule four words at a time
 *   (cpp/compress_simd128.cpp), or "scalar" (cpp/compress_scalar.cpp);
 * - smallCopy: how the 64-byte functions copy their inputs and digests,
 *   "set" (TypedArray.prototype.set) or "loop";
 * - digests: what digest() and the like return, "fresh" (a new Uint8Array)
 *   or "views" (32-byte views of a shared 8 KiB block, as Node's Buffer pool).
 * An engine on a server (Node, Deno, Bun) gets its -server row. SpiderMonkey,
 * and any engine not listed, gets V8's row.
 * @type {Record<string, {singleStream: "simd" | "scalar", smallCopy: "set" | "loop", digests: "fresh" | "views"}>}
 */
export const ENGINE_CHOICES = {
  "v8-server": {singleStream: "simd", smallCopy: "set", digests: "views"},
  v8: {singleStream: "simd", smallCopy: "set", digests: "fresh"},
  "jsc-server": {singleStream: "simd", smallCopy: "set", digests: "fresh"},
  jsc: {singleStream: "scalar", smallCopy: "loop", digests: "fresh"},
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
const onServer = isNode || typeof globalThis.Deno === "object";
/** This engine's row of ENGINE_CHOICES. */
export const choices = ENGINE_CHOICES[onServer ? `${engine}-server` : engine] ?? ENGINE_CHOICES[engine] ?? ENGINE_CHOICES.v8;

/**
 * Per server runtime, the input length from which node:crypto measured
 * faster than wasm (docs/performance-notes.md, "digest() on node:crypto"),
 * on Bun every length. digest(), digestParts() and each message of
 * digestMany() go by the same length, so that neither of the last two is
 * ever slower than digest() of the same bytes.
 */
export const NATIVE_FROM = {node: 320, bun: 0, deno: 2048};
/**
 * This runtime's row of NATIVE_FROM.
 * @returns {number}
 */
export const nativeFrom = () => NATIVE_FROM[globalThis.Bun ? "bun" : globalThis.Deno ? "deno" : "node"];
