// The lanes module, linked to the core at its first use: hash64 of several
// messages four at a time. The portable build has none: there hash64 is the
// core's hash64_x1.
import * as backends from "#lanes";
import {addon, core} from "./loader.js";

/**
 * The lanes module's exports (cpp/compress_x4.cpp).
 * @internal
 * @typedef {object} LanesExports
 * @property {(out: number, input: number, count: number) => void} hash64_x4
 * @property {(state: number, blocks: number) => void} compress_x4
 */

/**
 * The lanes module's exports, or null in the portable build.
 * @type {() => LanesExports | null}
 */
export const lanes = addon(backends, () => ({hash64_x1: core.hash64_x1}));

/**
 * The best hash64 kernel, as a function of the module: (out, in, count).
 * @returns {(out: number, input: number, count: number) => void}
 */
export const bestHash64 = () => lanes()?.hash64_x4 ?? core.hash64_x1;

/**
 * Hashes `count` 64-byte messages at `input` into digests at `out` (out may equal input).
 * @param {number} out
 * @param {number} input
 * @param {number} count
 */
export function hash64(out, input, count) {
  bestHash64()(out, input, count);
}
