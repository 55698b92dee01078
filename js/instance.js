// Loads the wasm module and chooses between its SIMD and scalar builds. The
// bindings here are live: reinitializeInstance() swaps the module, and every
// importer sees the new one (and io.js the new views onto its memory).
import {engine} from "./engine.js";
import {bindIo} from "./io.js";
import {scalarWasm, simdWasm} from "./wasm-code.js";

function decodeBase64(b64) {
  const s = atob(b64);
  const bytes = new Uint8Array(s.length);
  for (let i = 0; i < s.length; i++) bytes[i] = s.charCodeAt(i);
  return bytes;
}

const simdBytes = decodeBase64(simdWasm);
const compiled = {simd: null, scalar: null};

/** True when this runtime can compile the SIMD module. */
export const simdSupported = WebAssembly.validate(simdBytes);

/** The module instance's exports. */
export let wasm;
export let simdEnabled;
/**
 * How the SIMD module compresses a single stream (digest, the SHA256 class,
 * one-message hash64): "simd", its message schedule four words at a time in a
 * v128, or "scalar", the scalar module's code. JavaScriptCore runs the scalar
 * schedule faster (WebKitGTK 2.50 jsc shell: 1 KiB digest 4.5 against 7.5 us,
 * digest64 516 against 554 ns, best of 41; Bun 1.4.5: 1 KiB digest 6.5
 * against 8.1 us, digest64 778 against 830 ns, best of 9), V8 the SIMD one
 * (7% on 1 MiB, Node 20), so the loader picks by engine. null in the scalar
 * module.
 */
export let singleStream;
/**
 * The SIMD module's 4-lane kernel, which hash64 runs on groups of four
 * messages (hashInto, the batch functions, the hasher): "hash64_x4", or
 * "hash64_x4m", the same in the shape JavaScriptCore compiles well
 * (cpp/hash64_x4m.cpp: per message 285 against 434 ns in Bun 1.4.5, 242
 * against 330 in the WebKitGTK 2.50 jsc shell; on V8 it is the slower one,
 * 184 against 157 ns on Node 24), so the loader picks by engine. null in the
 * scalar module.
 */
export let hash64Kernel;

export function reinitializeInstance(useSimd) {
  const simd = useSimd === undefined ? simdSupported : Boolean(useSimd);
  if (simd && !simdSupported) {
    throw new Error("reinitializeInstance(true): this runtime does not support WebAssembly SIMD");
  }
  const kind = simd ? "simd" : "scalar";
  compiled[kind] ??= new WebAssembly.Module(simd ? simdBytes : decodeBase64(scalarWasm));
  const exports = new WebAssembly.Instance(compiled[kind], {}).exports;
  exports._initialize();
  bindIo(exports);
  wasm = exports;
  simdEnabled = simd;
  singleStream = null;
  hash64Kernel = null;
  if (simd) {
    useSingleStream(engine === "jsc" ? "scalar" : "simd");
    useHash64Kernel(engine === "jsc" ? "hash64_x4m" : "hash64_x4");
  }
}

/** Sets singleStream in the SIMD module: "simd" or "scalar". */
export function useSingleStream(kind) {
  if (!simdEnabled) throw new Error("useSingleStream: only the SIMD module has a choice");
  if (kind !== "simd" && kind !== "scalar") throw new Error(`useSingleStream: "simd" or "scalar", got ${kind}`);
  wasm.use_scalar_schedule(kind === "scalar" ? 1 : 0);
  singleStream = kind;
}

/** Sets hash64Kernel in the SIMD module: "hash64_x4" or "hash64_x4m". */
export function useHash64Kernel(name) {
  if (!simdEnabled) throw new Error("useHash64Kernel: only the SIMD module has a choice");
  if (name !== "hash64_x4" && name !== "hash64_x4m") {
    throw new Error(`useHash64Kernel: "hash64_x4" or "hash64_x4m", got ${name}`);
  }
  wasm.use_hash64_x4m(name === "hash64_x4m" ? 1 : 0);
  hash64Kernel = name;
}

reinitializeInstance();
