// The lanes module, linked to the core at its first use: hash64 of several
// messages four at a time, in two shapes of the same rounds, x4
// (cpp/compress_x4.cpp) and x4m (cpp/compress_x4m.cpp). The portable build
// has none: there hash64 is the core's hash64_x1.
import {module, portable} from "#lanes";
import {choices} from "./engine.js";
import {addon, core, tablesAt} from "./loader.js";
import {writeLaneTables} from "./tables.js";

/**
 * The lanes module's exports: each shape's hash64 and compression, of the same signatures.
 * @internal
 * @typedef {object} LanesExports
 * @property {(out: number, input: number, count: number) => void} hash64_x4
 * @property {(out: number, input: number, count: number) => void} hash64_x4m
 * @property {(state: number, blocks: number) => void} compress_x4
 * @property {(state: number, blocks: number) => void} compress_x4m
 */

/**
 * The lanes module's exports, or null in the portable build; linked to a
 * core instance after x4m's tables are written into its memory.
 * @type {() => LanesExports | null}
 */
export const lanes = addon({module, portable}, () => {
  writeLaneTables(core.memory.buffer, tablesAt);
  return {hash64_x1: core.hash64_x1};
});

/**
 * The 4-lane shape in use: this engine's row of ENGINE_CHOICES (js/core/engine.js), or
 * where the faster shape differs from CPU to CPU (JavaScriptCore) null until measured.
 * @internal
 * @type {"x4" | "x4m" | null}
 */
export let shape = choices.lanes === "measure" ? null : choices.lanes;

/**
 * Sets the 4-lane shape, or with "measure" measures it again: for the tests and the benchmarks.
 * @internal
 * @param {"x4" | "x4m" | "measure"} s
 */
export function useShape(s) {
  if (s !== "x4" && s !== "x4m" && s !== "measure") throw new Error(`useShape: "x4", "x4m" or "measure", got ${s}`);
  shape = s === "measure" ? null : s;
  warm[0] = warm[1] = spent[0] = spent[1] = timed[0] = timed[1] = 0;
}

/**
 * The best hash64 kernel, as a function of the module: (out, in, count).
 * @returns {(out: number, input: number, count: number) => void}
 */
export function bestHash64() {
  const l = lanes();
  if (l === null) return core.hash64_x1;
  return shape === "x4m" ? l.hash64_x4m : l.hash64_x4;
}

/**
 * The 4-lane compression of the shape in use, for the modules that import one; undefined in the portable build.
 * @returns {((state: number, blocks: number) => void) | undefined}
 */
export function bestCompress4() {
  const l = lanes();
  return l === null ? undefined : shape === "x4m" ? l.compress_x4m : l.compress_x4;
}

/**
 * Hashes `count` 64-byte messages at `input` into digests at `out` (out may equal input).
 * @param {number} out
 * @param {number} input
 * @param {number} count
 */
export function hash64(out, input, count) {
  if (shape === null && count >= 4 && lanes() !== null) measure(out, input, count);
  else bestHash64()(out, input, count);
}

// Measuring the shape on the calls themselves, where each tier of the
// engine's has compiled both: the calls of four or more messages take turns,
// to the shape that has hashed fewer messages so far. Each first hashes
// WARM messages untimed, then is timed until both have spent MEASURE_MS;
// the faster per message serves every call from then on (performance-notes,
// "The 4-lane shape").
const WARM = 1 << 15;
const MEASURE_MS = 30;
const warm = [0, 0];
const spent = [0, 0];
const timed = [0, 0];
// Date.now() only where there is no performance.now(): every engine that measures has one.
const now = () => (globalThis.performance ?? Date).now();

/**
 * hash64 on one shape or the other, while the shape is measured.
 * @param {number} out
 * @param {number} input
 * @param {number} count
 */
function measure(out, input, count) {
  const l = /** @type {LanesExports} */ (lanes());
  const warming = warm[0] < WARM || warm[1] < WARM;
  const hashed = warming ? warm : timed;
  const k = hashed[1] < hashed[0] ? 1 : 0;
  const kernel = k === 1 ? l.hash64_x4m : l.hash64_x4;
  if (warming) {
    kernel(out, input, count);
    warm[k] += count;
    return;
  }
  const t0 = now();
  kernel(out, input, count);
  spent[k] += now() - t0;
  timed[k] += count;
  if (spent[0] >= MEASURE_MS && spent[1] >= MEASURE_MS) shape = spent[1] / timed[1] < spent[0] / timed[0] ? "x4m" : "x4";
}
