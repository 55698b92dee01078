// Loads the modules. The core module is loaded when an entry installs its
// backends (install()): the SIMD wasm module, or the portable build (the
// same C++ as plain JavaScript) where WebAssembly is missing, lacks SIMD or
// compiling is refused. The other modules (lanes, extras, merkle) are linked
// to the core instance at their first use (addon()), so that an import that
// never uses one never compiles or bundles it.
//
// The bindings here are live: reinitializeInstance() and useBackend() swap
// the instance, every importer sees the new one (and io.js the new views onto
// its memory), and each add-on is linked again to it.
import {choices} from "./engine.js";
import {bindIo} from "./io.js";

/** The core's backends, as the files under js/backends/ export them: module() and portable(). */
let backends = null;
let compiled = null;

/**
 * The error that compiling the core threw (no WebAssembly SIMD, a
 * Content-Security-Policy without 'wasm-unsafe-eval', Cloudflare Workers'
 * "Wasm code generation disallowed by embedder"), or null. After one
 * refusal no wasm is tried again: under a CSP each attempt would report
 * another violation.
 */
export let wasmRefused = null;

/** The core instance's exports: the wasm module's, or the portable build's. */
export let core;
/** The backend in use: "simd" (the wasm modules) or "js" (the portable build). */
export let backend;
/** True while the SIMD module is in use. */
export let simdEnabled;
/** How the SIMD module compresses a single stream, "simd" or "scalar" (js/core/engine.js); null in the portable build. */
export let singleStream;

// A module of one function that uses SIMD (i32x4.splat), to tell, once
// compiling failed, an engine without SIMD from one that refuses wasm.
const SIMD_PROBE = [0, 97, 115, 109, 1, 0, 0, 0, 1, 5, 1, 96, 0, 1, 123, 3, 2, 1, 0, 10, 8, 1, 6, 0, 65, 0, 253, 17, 11];

/** Why backend `name` cannot load here, or null where it may. */
function whyNot(name) {
  if (name === "js") return null;
  if (backends.module === null || typeof WebAssembly !== "object" || WebAssembly === null) return "WebAssembly is not available";
  if (wasmRefused === null) return null;
  let simd = false;
  try {
    simd = WebAssembly.validate(new Uint8Array(SIMD_PROBE));
  } catch {
    // Not even validation: as refused.
  }
  return simd ? `compiling WebAssembly was refused (${wasmRefused.message})` : "this runtime does not support WebAssembly SIMD";
}

function instantiate(name) {
  if (name === "js") return backends.portable();
  try {
    compiled ??= backends.module();
  } catch (e) {
    wasmRefused = e;
    throw e;
  }
  return new WebAssembly.Instance(compiled, {}).exports;
}

/** Loads backend `name`; if it throws, the instance in use stays as it was. */
function load(name) {
  const exports = instantiate(name);
  const simd = name === "simd";
  const single = simd ? choices.singleStream : null;
  if (exports.init(single === "scalar" ? 1 : 0) === 0) throw new Error("sha256-simd: the module's constants failed their check");
  bindIo(exports);
  core = exports;
  backend = name;
  simdEnabled = simd;
  singleStream = single;
}

/**
 * as-sha256's switch: the SIMD module when `useSimd` is true, the portable
 * build when false, and when omitted the best this runtime has.
 */
export function reinitializeInstance(useSimd) {
  if (useSimd === undefined) {
    if (whyNot("simd") === null) {
      try {
        load("simd");
        return;
      } catch {
        // Refused: the portable build.
      }
    }
    load("js");
    return;
  }
  useBackend(useSimd ? "simd" : "js", "reinitializeInstance");
}

/** Loads backend `name` ("simd" or "js"), or throws saying why it cannot load here. */
export function useBackend(name, fn = "useBackend") {
  if (name !== "simd" && name !== "js") throw new TypeError(`useBackend: "simd" or "js", got ${name}`);
  const call = `${fn}(${fn === "useBackend" ? `"${name}"` : name === "simd"})`;
  const why = whyNot(name);
  if (why !== null) throw new Error(`${call}: ${why}`);
  try {
    load(name);
  } catch (e) {
    throw new Error(`${call}: ${whyNot(name) ?? e.message}`, {cause: e});
  }
}

/** Sets how the SIMD module compresses a single stream: "simd" or "scalar". */
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
 */
export function install(set, replace = true) {
  if (!replace && backends !== null) return;
  backends = set;
  compiled = null;
  wasmRefused = null;
  reinitializeInstance();
}

/**
 * An add-on module, from `set` (a js/backends/*\/<name>.js namespace), and
 * `imports()`, the functions it imports: a function that returns its exports,
 * linked to the core instance in use, once per core instance. null where the
 * portable build has no such module.
 */
export function addon(set, imports) {
  let module = null;
  let linkedTo = null;
  let exports = null;
  return () => {
    if (linkedTo !== core) {
      if (backend === "js") {
        exports = set.portable?.({memory: core.memory, ...imports()}) ?? null;
      } else {
        module ??= set.module();
        exports = new WebAssembly.Instance(module, {env: {memory: core.memory}, sha256: imports()}).exports;
      }
      linkedTo = core;
    }
    return exports;
  };
}
