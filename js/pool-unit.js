// What the pool's threads share: the layout of its SharedArrayBuffer and the
// one function that does a unit of work, on a worker or, when the caller
// takes a unit back, on the caller.
//
// The buffer starts with CONTROL_WORDS Int32 words per worker, then each
// worker's two slots. A slot is an input area that only the caller writes and
// an output area that only the worker writes, so after a worker dies or hangs
// the caller can still redo the unit from the slot's input.
import {hashInto} from "./index.js";
import {hasher} from "./hasher.js";

/** Input bytes of a slot: 4096 messages, about 0.5 ms of hashing on one core. */
export const SLOT_IN = 256 * 1024;
/** Output bytes of a slot: every unit at least halves its input. */
export const SLOT_OUT = SLOT_IN / 2;
export const SLOTS = 2;
export const SLOT_BYTES = SLOT_IN + SLOT_OUT;

// Control words of a worker: the doorbell the caller rings after posting, a
// fault to inject (tests only), a word that nothing writes (where an injected
// hang parks), then per slot: state, op, input length, argument, sequence.
export const DOORBELL = 0;
export const FAULT = 1;
export const PARK = 2;
const SLOT_BASE = 4;
const SLOT_FIELDS = 5;
export const STATE = 0;
export const OP = 1;
export const LEN = 2;
export const ARG = 3;
export const SEQ = 4;
export const CONTROL_WORDS = SLOT_BASE + SLOTS * SLOT_FIELDS;
export const slotWord = (worker, slot, field) => worker * CONTROL_WORDS + SLOT_BASE + slot * SLOT_FIELDS + field;

export const controlBytes = (workers) => workers * CONTROL_WORDS * 4;
export const slotOffset = (workers, worker, slot) => controlBytes(workers) + (worker * SLOTS + slot) * SLOT_BYTES;

// Slot states. FREE: the caller may fill it. POSTED: filled, not yet taken;
// the worker claims it (CLAIMED) or the caller takes it back (FREE). DONE and
// FAILED: the worker finished it (FAILED: the output area holds the error
// message, ARG its length). DEAD: the worker exited while holding it.
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

// Faults a test can inject into a worker's next unit.
export const FAULT_EXIT = 1;
export const FAULT_HANG = 2;
export const FAULT_THROW = 3;
/** Sleeps STALL_MS, then does the unit. */
export const FAULT_STALL = 4;
export const STALL_MS = 300;

/**
 * Does one unit: reads input[0, len), writes the result at the start of out.
 * scratch (SLOT_IN bytes) keeps digestNLevel, which works in place, off input.
 */
export function runUnit(op, input, len, arg, out, scratch) {
  const data = input.subarray(0, len);
  if (op === OP_HASH) {
    hashInto(data, out.subarray(0, len / 2));
  } else if (op === OP_MERKLEIZE) {
    hasher.merkleizeBlocksBytes(data, arg, out, 0);
  } else if (op === OP_NLEVEL) {
    const work = scratch.subarray(0, len);
    work.set(data);
    out.set(hasher.digestNLevel(work, arg));
  } else {
    throw new Error(`unknown pool op ${op}`);
  }
}
