// Loads the modules: the core when an entry installs its backends (the SIMD
// module, or the portable build where wasm cannot run), each add-on at its
// first use, linked to the core instance (addon()). The bindings are live: a
// new instance reaches every importer, and add-ons link to it again.
import {choices} from "./engine.js";
import {bindIo} from "./io.js";
import {writeTables} from "./tables.js";

/**
 * The core module's exports (cpp/core.cpp): pointers and lengths are
 * numbers, addresses in its memory.
 * @internal
 * @typedef {object} CoreExports
 * @property {WebAssembly.Memory} memory
 * @property {() => number} io_ptr
 * @property {() => number} io_size
 * @property {() => number} ctx_ptr
 * @property {() => number} ctx_size
 * @property {(flags: number) => number} init Sets the single stream (flags bit 0: scalar); returns where the constants go (js/core/tables.js).
 * @property {(out: number, input: number, len: number) => void} digest
 * @property {(out: number, input: number, count: number) => void} hash64_x1
 * @property {(ctx: number) => void} sha256_init
 * @property {(ctx: number, data: number, len: number) => void} sha256_update
 * @property {(ctx: number, out: number) => void} sha256_final
 * @property {(state: number, blocks: number, count: number) => void} compress
 */

/**
 * A module's sources, as a file under js/backends/ exports them: module(),
 * the compiled wasm (null where there is none), and portable(env), a new
 * instance of its portable build (null where it has none).
 * @internal
 * @template T
 * @typedef {object} ModuleSource
 * @property {(() => WebAssembly.Module) | null} module
 * @property {((env?: object) => T) | null} portable
 */

/**
 * The core's backends, as the files under js/backends/ export them: module() and portable().
 * @type {ModuleSource<CoreExports> | null}
 */
let backends = null;
/** @type {WebAssembly.Module | null} */
let compiled = null;

/**
 * The error that compiling the core threw (no WebAssembly SIMD, a
 * Content-Security-Policy without 'wasm-unsafe-eval', Cloudflare Workers'
 * "Wasm code generation disallowed by embedder"), or null. After one
 * refusal no wasm is tried again: under a CSP each attempt would report
 * another violation.
 * @internal
 * @type {Error | null}
 */
export let wasmRefused = null;

/**
 * The core instance's exports: the wasm module's, or the portable build's.
 * @internal
 * @type {CoreExports}
 */
export let core;
/**
 * Where the core's constants lie in its memory (js/core/tables.js).
 * @internal
 * @type {number}
 */
export let tablesAt;
/**
 * The backend in use: "simd" (the SIMD wasm modules) or "js" (the portable
 * build, plain JavaScript, where WebAssembly is missing, lacks SIMD or
 * compiling it is refused).
 * @type {"simd" | "js"}
 */
export let backend;
/**
 * True while the SIMD module is in use.
 * @type {boolean}
 */
export let simdEnabled;
/**
 * How the SIMD module compresses a single stream, "simd" or "scalar" (js/core/engine.js); null in the portable build.
 * @internal
 * @type {"simd" | "scalar" | null}
 */
export let singleStream;

// A module of one function that uses SIMD (i32x4.splat), to tell, once
// compiling failed, an engine without SIMD from one that refuses wasm.
const SIMD_PROBE = [0, 97, 115, 109, 1, 0, 0, 0, 1, 5, 1, 96, 0, 1, 123, 3, 2, 1, 0, 10, 8, 1, 6, 0, 65, 0, 253, 17, 11];

/**
 * Why backend `name` cannot load here, or null where it may.
 * @param {"simd" | "js"} name
 * @returns {string | null}
 */
function whyNot(name) {
  if (name === "js") return null;
  if (!hasWasm()) return "WebAssembly is not available";
  if (wasmRefused === null) return null;
  let simd = false;
  try {
    simd = WebAssembly.validate(new Uint8Array(SIMD_PROBE));
  } catch {
    // Not even validation: as refused.
  }
  return simd ? `compiling WebAssembly was refused (${wasmRefused.message})` : "this runtime does not support WebAssembly SIMD";
}

/** Whether there is a SIMD module to compile, and WebAssembly to compile it. */
const hasWasm = () => backends.module !== null && typeof WebAssembly === "object" && WebAssembly !== null;

/**
 * @param {"simd" | "js"} name
 * @returns {CoreExports}
 */
function instantiate(name) {
  if (name === "js") return backends.portable();
  try {
    compiled ??= backends.module();
  } catch (e) {
    wasmRefused = e;
    throw e;
  }
  return /** @type {CoreExports} */ (new WebAssembly.Instance(compiled, {}).exports);
}

/**
 * Loads backend `name`; if it throws, the instance in use stays as it was.
 * @param {"simd" | "js"} name
 */
function load(name) {
  const exports = instantiate(name);
  const simd = name === "simd";
  const single = simd ? choices.singleStream : null;
  const at = exports.init(single === "scalar" ? 1 : 0);
  if (!writeTables(exports.memory.buffer, at)) throw new Error("sha256-simd: the module's constants failed their check");
  bindIo(exports);
  core = exports;
  tablesAt = at;
  backend = name;
  simdEnabled = simd;
  singleStream = single;
}

/**
 * Replaces the instance, as-sha256's switch: the SIMD module when `useSimd`
 * is true; when false, the portable build (plain JavaScript); and when
 * omitted the best this runtime has. SHA256 objects
 * keep their state across the switch.
 * @param {boolean} [useSimd]
 * @returns {void}
 * @throws {Error} when `useSimd` is true and the runtime lacks WebAssembly
 * SIMD or refuses to compile wasm.
 */
export function reinitializeInstance(useSimd) {
  if (useSimd === undefined) loadBest();
  else useBackend(useSimd ? "simd" : "js", "reinitializeInstance");
}

/**
 * Loads the SIMD modules where they compile, else the portable build; apart
 * from useBackend, so that an import that never switches carries none of
 * its errors.
 */
function loadBest() {
  if (hasWasm() && wasmRefused === null) {
    try {
      load("simd");
      return;
    } catch {
      // Refused: the portable build.
    }
  }
  load("js");
}

/**
 * Loads backend `name` ("simd" or "js"), or throws saying why it cannot load here.
 * @internal
 * @param {"simd" | "js"} name
 * @param {string} [fn] The function to name in the error.
 */
export function useBackend(name, fn = "useBackend") {
  if (name !== "simd" && name !== "js") throw new TypeError(`useBackend: "simd" or "js", got ${name}`);
  const call = `${fn}(${fn === "useBackend" ? `"${name}"` : name === "simd"})`;
  const why = whyNot(name);
  if (why !== null) throw new Error(`${call}: ${why}`);
  try {
    load(name);
  } catch (e) {
    throw new Error(`${call}: ${whyNot(name) ?? /** @type {Error} */ (e).message}`, {cause: e});
  }
}

/**
 * Sets how the SIMD module compresses a single stream: "simd" or "scalar".
 * @internal
 * @param {"simd" | "scalar"} kind
 */
export function useSingleStream(kind) {
  if (!simdEnabled) throw new Error("useSingleStream: only the SIMD module has a choice");
  if (kind !== "simd" && kind !== "scalar") throw new Error(`useSingleStream: "simd" or "scalar", got ${kind}`);
  core.init(kind === "scalar" ? 1 : 0);
  singleStream = kind;
}

/**
 * Makes `set` (a js/backends/*\/core.js namespace) the core's backends, and
 * loads the best of them. With `replace` false it does nothing where an entry
 * installed its own already: the main entry's backends, which
 * sha256-simd/hasher and /pool import, leave those of sha256-simd/portable
 * in place.
 * @internal
 * @param {ModuleSource<CoreExports>} set
 * @param {boolean} [replace]
 */
export function install(set, replace = true) {
  if (!replace && backends !== null) return;
  backends = set;
  compiled = null;
  wasmRefused = null;
  loadBest();
}

/**
 * An add-on module, from `set` (a js/backends/*\/<name>.js namespace), and
 * `imports()`, the functions it imports: a function that returns its exports,
 * linked to the core instance in use, once per core instance and per value
 * of `key()` (what decides the imports, as the 4-lane shape). null where the
 * portable build has no such module.
 * @internal
 * @template T
 * @param {{module: (() => WebAssembly.Module) | null, portable?: ((env: object) => T) | null}} set
 * @param {() => Record<string, Function | undefined>} imports
 * @param {() => unknown} [key]
 * @returns {() => T | null}
 */
export function addon(set, imports, key = () => null) {
  /** @type {WebAssembly.Module | null} */
  let module = null;
  /** @type {CoreExports | null} */
  let linkedTo = null;
  /** @type {unknown} */
  let linkedKey = null;
  /** @type {T | null} */
  let exports = null;
  return () => {
    if (linkedTo !== core || linkedKey !== key()) {
      linkedKey = key();
      if (backend === "js") {
        exports = set.portable?.({memory: core.memory, ...imports()}) ?? null;
      } else {
        module ??= set.module();
        exports = /** @type {T} */ (new WebAssembly.Instance(module, {env: {memory: core.memory}, sha256: imports()}).exports);
      }
      linkedTo = core;
    }
    return exports;
  };
}
