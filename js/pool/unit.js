// What the pool's threads share: the SharedArrayBuffer's layout (per worker,
// control words, then two slots: input the caller writes, output the worker
// writes, so a dead worker's unit can be redone from its input), and the ops
// that run a unit on a worker or the caller.
import {digest2Bytes32, digestManyInto, hashInto} from "../index.js";
import {hasher} from "../core/hasher.js";
import {BLOCK, CHUNK} from "../core/sizes.js";

/** Input bytes of a slot: 4096 messages, about 0.5 ms of hashing on one core. */
export const SLOT_IN = 256 * 1024;
/** Output bytes of a slot: every unit at least halves its input. */
export const SLOT_OUT = SLOT_IN / 2;
export const SLOTS = 2;
export const SLOT_BYTES = SLOT_IN + SLOT_OUT;

// Control words of a worker: the doorbell the caller rings after posting,
// then per slot: state, op, input length, argument, sequence, message length.
export const DOORBELL = 0;
const SLOT_BASE = 1;
const SLOT_FIELDS = 6;
export const STATE = 0;
export const OP = 1;
export const LEN = 2;
export const ARG = 3;
export const SEQ = 4;
/** FAILED: the error message's length in bytes, at the start of the output area. */
export const MESSAGE = 5;
/**
 * A worker's control words fill one 64-byte cache line of their own, so the
 * slots start on a line too: with 13 words, the caller's writes into the
 * first slot shared a line with the words the worker spins on, and hashInto
 * of 2^16 messages on 2 threads ran 12% slower (docs/performance-notes.md,
 * "The pool's control words").
 */
export const CONTROL_WORDS = 16;
if (SLOT_BASE + SLOTS * SLOT_FIELDS > CONTROL_WORDS) throw new Error("js/pool/unit.js: the control words outgrow their cache line");
/**
 * The index in the control words of `field` of slot `slot` of worker `worker`.
 * @param {number} worker
 * @param {number} slot
 * @param {number} field
 * @returns {number}
 */
export const slotWord = (worker, slot, field) => worker * CONTROL_WORDS + SLOT_BASE + slot * SLOT_FIELDS + field;
/**
 * The index of worker's doorbell in the control words.
 * @param {number} worker
 * @returns {number}
 */
export const doorbell = (worker) => worker * CONTROL_WORDS + DOORBELL;

/**
 * The bytes of the control words of `workers` workers, at the start of the buffer.
 * @param {number} workers
 * @returns {number}
 */
export const controlBytes = (workers) => workers * CONTROL_WORDS * 4;
/**
 * Where slot `slot` of worker `worker` starts in the buffer of `workers` workers.
 * @param {number} workers
 * @param {number} worker
 * @param {number} slot
 * @returns {number}
 */
export const slotOffset = (workers, worker, slot) => controlBytes(workers) + (worker * SLOTS + slot) * SLOT_BYTES;

// Slot states. FREE: the caller may fill it. POSTED: filled, not yet taken;
// the worker claims it (CLAIMED) or the caller takes it back (FREE). DONE and
// FAILED: the worker finished it (FAILED: the output area holds the error
// message, MESSAGE its length; the unit's own words stay, so the caller can redo it). DEAD: the worker exited while holding it.
export const FREE = 0;
export const POSTED = 1;
export const CLAIMED = 2;
export const DONE = 3;
export const FAILED = 4;
export const DEAD = 5;

// Ops: what a unit computes from `len` input bytes.
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
export const OPS = {
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
 * The root of `depth` zero levels, from the module's own zero hashes.
 * @param {number} depth
 * @returns {Uint8Array}
 */
function zeroHash(depth) {
  const root = new Uint8Array(CHUNK);
  if (depth > 0) hasher.merkleizeBlocksBytes(new Uint8Array(BLOCK), 2 ** depth, root, 0);
  return root;
}

/**
 * The root at depth `levels` of consecutive subtrees, left to right, whose
 * roots are at the start of `roots` and whose depths never grow, each
 * starting at a multiple of its own size: a binary counter of (root, depth),
 * where two equal depths on top are siblings; what is left is padded with
 * zero hashes.
 * @param {Uint8Array} roots
 * @param {readonly number[]} depths
 * @param {number} levels
 * @returns {Uint8Array}
 */
export function rootOfSubtrees(roots, depths, levels) {
  /** @type {{root: Uint8Array, depth: number}[]} */
  const stack = [];
  for (let i = 0; i < depths.length; i++) {
    let root = roots.subarray(i * CHUNK, (i + 1) * CHUNK);
    let depth = depths[i];
    while (stack.length > 0 && stack[stack.length - 1].depth === depth) {
      root = digest2Bytes32(stack.pop().root, root);
      depth++;
    }
    stack.push({root, depth});
  }
  let {root, depth} = stack.pop();
  for (; depth < levels; depth++) {
    const left = stack.length > 0 && stack[stack.length - 1].depth === depth ? stack.pop().root : null;
    root = left ? digest2Bytes32(left, root) : digest2Bytes32(root, zeroHash(depth));
  }
  return root;
}
