// The ops: what a unit computes from its slot's input, each defined once,
// for the worker, the caller's own units and the race (js/pool/scheduler.js).
// A piece is a part of a unit that runs alone: the race does a unit in
// pieces, looking between them at whether the worker has finished it.
import {digestManyInto, hashInto} from "../index.js";
import {hasher} from "../core/tree-hasher.js";
import {BLOCK, CHUNK} from "../core/sizes.js";
import {rootOfSubtrees} from "./subtrees.js";
import {SLOT_OUT} from "./slots.js";

/** hashInto: len / 64 messages to len / 2 bytes of digests. */
export const OP_HASH = 1;
/** merkleizeBlocksBytes with padFor = arg: the 32-byte root of a subtree. */
export const OP_MERKLEIZE = 2;
/** digestNLevel with nLevel = arg: len / 2^arg bytes of roots. */
export const OP_NLEVEL = 3;
/**
 * digestMany of arg messages: their lengths as arg Uint32 words, then the
 * messages one after another; 32 * arg bytes of digests.
 */
export const OP_MANY = 4;
/** The most messages in an OP_MANY unit: their digests fill the output area. */
export const MANY_PER_UNIT = SLOT_OUT / 32;

/**
 * Per op: run(data, arg, out, scratch) does a unit, writing its result at the
 * start of out; pieces(arg, most) cuts a unit into pieces of at most `most`
 * bytes that run alone, as [piece bytes, the pieces' arg, where piece k's
 * result goes in out], or null where it cannot be cut; join(out, k, arg,
 * pieceArg), if there, makes the unit's result of k pieces' results.
 * @type {Record<number, {
 *   run: (data: Uint8Array, arg: number, out: Uint8Array, scratch: Uint8Array) => void,
 *   pieces: (arg: number, most: number) => [piece: number, pieceArg: number, outAt: (at: number, k: number) => number] | null,
 *   join?: (out: Uint8Array, k: number, arg: number, pieceArg: number) => void,
 * }>}
 */
const OPS = {
  [OP_HASH]: {
    run: (data, arg, out) => hashInto(data, out.subarray(0, data.length / 2)),
    pieces: (arg, most) => [Math.max(BLOCK, most - (most % BLOCK)), arg, (at) => at / 2],
  },
  [OP_MERKLEIZE]: {
    run: (data, arg, out) => hasher.merkleizeBlocksBytes(data, arg, out, 0),
    // Subtrees of `leaves` chunks, whose roots join into the unit's root.
    pieces: (arg, most) => {
      const leaves = Math.min(arg, most / CHUNK);
      return [leaves * CHUNK, leaves, (at, k) => k * CHUNK];
    },
    join: (out, k, arg, leaves) => out.set(rootOfSubtrees(out, new Array(k).fill(Math.log2(leaves)), Math.log2(arg))),
  },
  [OP_NLEVEL]: {
    // digestNLevel works in place: on scratch, not on the slot's input.
    run: (data, arg, out, scratch) => {
      const work = scratch.subarray(0, data.length);
      work.set(data);
      out.set(hasher.digestNLevel(work, arg));
    },
    pieces: (arg, most) => {
      const group = 2 ** arg * CHUNK;
      return [Math.max(group, most - (most % group)), arg, (at) => at / 2 ** arg];
    },
  },
  [OP_MANY]: {
    run: (data, arg, out) => digestManyInto(readMany(data, arg), out.subarray(0, CHUNK * arg)),
    // Messages of any lengths do not cut into even pieces.
    pieces: () => null,
  },
};

/**
 * Writes messages, of `lengths`, into a slot's input as OP_MANY reads them; returns the bytes written.
 * @param {readonly Uint8Array[]} messages
 * @param {readonly number[]} lengths
 * @param {Uint8Array} slot
 * @returns {number}
 */
export function fillMany(messages, lengths, slot) {
  const words = new DataView(slot.buffer, slot.byteOffset, 4 * messages.length);
  let at = 4 * messages.length;
  for (let i = 0; i < messages.length; i++) {
    words.setUint32(4 * i, lengths[i], true);
    slot.set(messages[i], at);
    at += lengths[i];
  }
  return at;
}

/**
 * The messages of an OP_MANY unit of `count` messages in input, as views.
 * @param {Uint8Array} input
 * @param {number} count
 * @returns {Uint8Array[]}
 */
function readMany(input, count) {
  const words = new DataView(input.buffer, input.byteOffset, 4 * count);
  const messages = new Array(count);
  for (let i = 0, at = 4 * count; i < count; i++) {
    const n = words.getUint32(4 * i, true);
    messages[i] = input.subarray(at, at + n);
    at += n;
  }
  return messages;
}

/**
 * Does one unit: reads input[0, len), writes the result at the start of out.
 * scratch (SLOT_IN bytes) keeps digestNLevel, which works in place, off input.
 * @param {number} op
 * @param {Uint8Array} input
 * @param {number} len
 * @param {number} arg
 * @param {Uint8Array} out
 * @param {Uint8Array} scratch
 */
export function runUnit(op, input, len, arg, out, scratch) {
  if (!Object.hasOwn(OPS, op)) throw new Error(`unknown pool op ${op}`);
  OPS[op].run(input.subarray(0, len), arg, out, scratch);
}


/**
 * Does a unit as runUnit does, in pieces of at most `most` input bytes (the
 * whole unit where its op cannot be cut), and before each piece asks
 * goOn(): returns false, having stopped, as soon as goOn() does.
 * @param {number} op
 * @param {Uint8Array} input
 * @param {number} len
 * @param {number} arg
 * @param {Uint8Array} out
 * @param {Uint8Array} scratch
 * @param {number} most
 * @param {() => boolean} goOn
 * @returns {boolean}
 */
export function runUnitInPieces(op, input, len, arg, out, scratch, most, goOn) {
  const {run, pieces, join} = OPS[op];
  const [piece, pieceArg, outAt] = pieces(arg, most) ?? [len, arg, () => 0];
  let k = 0;
  for (let at = 0; at < len; at += piece, k++) {
    if (!goOn()) return false;
    run(input.subarray(at, Math.min(at + piece, len)), pieceArg, out.subarray(outAt(at, k)), scratch);
  }
  join?.(out, k, arg, pieceArg);
  return true;
}
