// The hash of one pair, two 32-byte halves or two HashObjects, under the names
// that its caller's messages give: the package's digest2Bytes32 and
// digest64HashObjects functions (api.js), and the hasher's digest64 and
// digest64HashObjects methods (tree-hasher.js), each naming the function the user
// called and its arguments.
import {digestOf} from "./alloc.js";
import {hasLength} from "./check.js";
import {readHashObject, writeHashObject} from "./hashObject.js";
import {copySmall, ioBytes, ioDigest, ioPtr, ioWords} from "./io.js";
import {core} from "./loader.js";

/** @typedef {import("./hashObject.js").HashObject} HashObject */

/**
 * The digest of `first || second` (32 bytes each): into `output` where given
 * (then undefined), else a new array. `names`: the function's and the three
 * arguments' in its messages. The length errors are as-sha256's.
 * @param {Uint8Array} first
 * @param {Uint8Array} second
 * @param {Uint8Array | undefined} output
 * @param {readonly string[]} names
 * @returns {Uint8Array | undefined}
 */
export function hashBytesPair(first, second, output, names) {
  // Indexed, not destructured: Node 24 and 26 allocated for that on some
  // calls (test/alloc.test.js).
  const firstOk = hasLength(first, 32, names[1], names[0]);
  const secondOk = hasLength(second, 32, names[2], names[0]);
  if (!firstOk || !secondOk) throw new Error("InvalidLengthForDigest64");
  if (names.length > 3 && !hasLength(output, 32, names[3], names[0])) throw new Error("InvalidLengthForOutput32");
  copySmall(ioBytes, first, 32);
  copySmall(ioBytes, second, 32, 32);
  core.hash64_x1(ioPtr, ioPtr, 1);
  if (output === undefined) return digestOf(ioDigest);
  copySmall(output, ioDigest, 32);
}

// HashObjects' words, read before any is staged, into `pair` or `batch`.
// `reads` counts the readings: where a getter called the package again, the
// array is the inner call's, and this reading starts again on its own words.
const pair = new Int32Array(16);
const batch = new Int32Array(64);
let reads = 0;

/**
 * The words of two HashObjects, `names` those of the function and of the two.
 * @param {unknown} first
 * @param {unknown} second
 * @param {readonly string[]} names
 * @returns {Int32Array}
 */
function readPair(first, second, names) {
  const mark = ++reads;
  let words = pair;
  for (;;) {
    readHashObject(first, words, 0, names[1], names[0]);
    readHashObject(second, words, 8, names[2], names[0]);
    if (words !== pair || reads === mark) return words;
    words = new Int32Array(16);
  }
}

/**
 * The words of the 8 HashObjects of a batch, read as readPair reads.
 * @param {unknown[]} items
 * @param {string} fn
 * @returns {Int32Array}
 */
export function readBatch(items, fn) {
  const mark = ++reads;
  let words = batch;
  for (;;) {
    for (let i = 0; i < 8; i++) readHashObject(items[i], words, 8 * i, "inputs", fn, i);
    if (words !== batch || reads === mark) return words;
    words = new Int32Array(64);
  }
}

/**
 * The hash of the 64 bytes that `first` and `second` stand for, written into
 * the fields of `output`. `names`: the function's and the arguments'.
 * @param {unknown} first
 * @param {unknown} second
 * @param {HashObject} output
 * @param {readonly string[]} names
 */
export function hashObjectsPair(first, second, output, names) {
  const words = readPair(first, second, names);
  if (output === null || typeof output !== "object") throw new TypeError(`${names[0]}: ${names[3]} must be an object`);
  // A loop: set() costs about 20 ns more a call in JavaScriptCore (performance-notes, "Per-call budget").
  for (let i = 0; i < 16; i++) ioWords[i] = words[i];
  core.hash64_x1(ioPtr, ioPtr, 1);
  writeHashObject(ioWords, 0, output);
}
