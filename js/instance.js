// Chooses the backend and loads it: the SIMD wasm module, else the scalar
// one, else the portable build (the scalar module as plain JavaScript) where
// WebAssembly is missing or compiling it is refused. The bindings here are
// live: reinitializeInstance() and useBackend() swap the instance, and every
// importer sees the new one (and io.js the new views onto its memory). All
// three backends export the same functions over the same memory layout.
//
// Which backends exist is the entry point's choice (install()): index.js
// gives all three, portable.js the portable one alone, workerd.js the wasm
// modules as Cloudflare Workers import them; see backends.js.
import {choices} from "./engine.js";
import {bindIo} from "./io.js";

/** The installed backends: {simdValid, wasmModule, instantiatePortable}, as backends.js exports them. */
let backends = null;
let hasWasm = false;
let compiled = {simd: null, scalar: null};

/**
 * The error that compiling or instantiating wasm threw (a Content-Security-
 * Policy without 'wasm-unsafe-eval', Cloudflare Workers' "Wasm code
 * generation disallowed by embedder", a main-thread size limit), or null.
 * After one refusal no wasm is tried again: under a CSP each attempt would
 * report another violation.
 */
export let wasmRefused = null;

/** True when this runtime can compile the SIMD module. */
export let simdSupported = false;

/** The instance's exports: the wasm module's, or the portable build's. */
export let wasm;
/** True while the SIMD module is in use. */
export let simdEnabled;
/** The backend in use: "simd", "scalar" or "js". */
export let backend;
/**
 * How the SIMD module compresses a single stream: "simd" or "scalar"
 * (js/engine.js); null in the other backends.
 */
export let singleStream;
/**
 * The SIMD module's 4-lane kernel, which hash64 runs on groups of four
 * messages: "hash64_x4" or "hash64_x4m" (js/engine.js); null in the other
 * backends.
 */
export let hash64Kernel;

/** Why backend `name` cannot load here, or null where it may. */
function whyNot(name) {
  if (name === "js") return null;
  if (!hasWasm) return "WebAssembly is not available";
  if (wasmRefused !== null) return `compiling WebAssembly was refused (${wasmRefused.message})`;
  if (name === "simd" && !simdSupported) return "this runtime does not support WebAssembly SIMD";
  return null;
}

function instantiate(name) {
  if (name === "js") return backends.instantiatePortable();
  compiled[name] ??= backends.wasmModule(name);
  return new WebAssembly.Instance(compiled[name], {}).exports;
}

/** Loads backend `name`; if it throws, the instance in use stays as it was. */
function load(name) {
  let exports;
  try {
    exports = instantiate(name);
  } catch (e) {
    if (name === "js") throw e;
    wasmRefused = e;
    simdSupported = false;
    throw e;
  }
  exports._initialize();
  bindIo(exports);
  wasm = exports;
  backend = name;
  simdEnabled = name === "simd";
  singleStream = null;
  hash64Kernel = null;
  if (simdEnabled) {
    useSingleStream(choices.singleStream);
    useHash64Kernel(choices.hash64Kernel);
  }
}

/** Loads the first of `names` that loads here. */
function loadFirst(names) {
  for (const name of names) {
    if (whyNot(name) !== null) continue;
    try {
      load(name);
      return;
    } catch (e) {
      if (name === "js") throw e;
    }
  }
}

/**
 * as-sha256's switch: the SIMD module when `useSimd` is true, a backend
 * without SIMD when false (the scalar module, or the portable build where
 * wasm is missing or refused), and when omitted the best this runtime has.
 */
export function reinitializeInstance(useSimd) {
  const simd = useSimd === undefined ? simdSupported : Boolean(useSimd);
  if (simd && !simdSupported) throw new Error(`reinitializeInstance(true): ${whyNot("simd")}`);
  loadFirst(simd ? ["simd", "scalar", "js"] : ["scalar", "js"]);
}

/** Loads backend `name` ("simd", "scalar" or "js"), or throws saying why it cannot load here. */
export function useBackend(name) {
  if (name !== "simd" && name !== "scalar" && name !== "js") {
    throw new TypeError(`useBackend: "simd", "scalar" or "js", got ${name}`);
  }
  const why = whyNot(name);
  if (why !== null) throw new Error(`useBackend("${name}"): ${why}`);
  load(name);
}

/** Sets singleStream in the SIMD module: "simd" or "scalar". */
export function useSingleStream(kind) {
  if (!simdEnabled) throw new Error("useSingleStream: only the SIMD module has a choice");
  if (kind !== "simd" && kind !== "scalar") throw new Error(`useSingleStream: "simd" or "scalar", got ${kind}`);
  wasm.use_single_stream(kind === "scalar" ? 1 : 0);
  singleStream = kind;
}

/** Sets hash64Kernel in the SIMD module: "hash64_x4" or "hash64_x4m". */
export function useHash64Kernel(name) {
  if (!simdEnabled) throw new Error("useHash64Kernel: only the SIMD module has a choice");
  if (name !== "hash64_x4" && name !== "hash64_x4m") {
    throw new Error(`useHash64Kernel: "hash64_x4" or "hash64_x4m", got ${name}`);
  }
  wasm.use_hash64_kernel(name === "hash64_x4m" ? 1 : 0);
  hash64Kernel = name;
}

function validSimd() {
  try {
    return backends.simdValid();
  } catch {
    return false;
  }
}

/**
 * Makes `set` (a backends.js namespace) the backends to choose from, and
 * loads the best of them. With `replace` false it does nothing where an entry
 * point installed its own already: the main entry's backends, which
 * sha256-simd/hasher and /pool import, leave those of the portable and
 * workerd entries in place.
 */
export function install(set, replace = true) {
  if (!replace && backends !== null) return;
  backends = set;
  hasWasm = set.wasmModule !== null && typeof WebAssembly === "object" && WebAssembly !== null;
  compiled = {simd: null, scalar: null};
  wasmRefused = null;
  simdSupported = hasWasm && validSimd();
  reinitializeInstance();
}
