// The slot protocol: where the caller and the workers meet. One
// SharedArrayBuffer holds, per worker, a cache line of control words (a
// doorbell, then each slot's state, op, length, argument, sequence and
// message length), and after them every slot's input (only the caller
// writes it) and output (only the worker writes it), so that the caller can
// do a unit again from its slot's input whatever the worker did.
//
// A slot's states, and who moves it from one to the next:
//
//            caller: post            worker: claim
//   FREE ───────────────▶ POSTED ───────────────▶ CLAIMED ──┬─ worker: finish ─▶ DONE
//    ▲  ◀── caller: takeBack ──┘                            ├─ worker: fail ───▶ FAILED
//    │                                                      └─ worker: die ────▶ DEAD
//    └────────── caller: free (after DONE or FAILED; the pool, when it replaces a DEAD worker)
//
// Every change of state happens in this file, whose classes keep the
// control words private: the caller's side through Slot.post, takeBack and
// free, the worker's through claim, finish, fail and die. A unit is what a
// slot holds: an op (js/pool/ops.js) with its length and argument.

/** Input bytes of a slot: 4096 messages, about 0.5 ms of hashing on one core. */
export const SLOT_IN = 256 * 1024;
/** Output bytes of a slot: every unit at least halves its input. */
export const SLOT_OUT = SLOT_IN / 2;
export const SLOTS = 2;
const SLOT_BYTES = SLOT_IN + SLOT_OUT;

export const FREE = 0;
export const POSTED = 1;
export const CLAIMED = 2;
export const DONE = 3;
export const FAILED = 4;
export const DEAD = 5;

// A worker's control words: its doorbell, then per slot these six fields.
const DOORBELL = 0;
const FIELDS = 6;
const STATE = 0;
const OP = 1;
const LEN = 2;
const ARG = 3;
const SEQ = 4;
/** FAILED: the error message's length in bytes, at the start of the output. */
const MESSAGE = 5;
/**
 * A worker's control words fill one 64-byte cache line of their own: with 13
 * words, the caller's writes into the first slot shared a line with the words
 * the worker spins on, and hashInto of 2^16 messages on 2 threads ran 12%
 * slower (docs/performance-notes.md, "The pool's control words").
 */
const CONTROL_WORDS = 16;
if (1 + SLOTS * FIELDS > CONTROL_WORDS) throw new Error("js/pool/slots.js: the control words outgrow their cache line");

/**
 * The bytes of a shared buffer for `workers` workers.
 * @param {number} workers
 * @returns {number}
 */
export const sharedBytes = (workers) => workers * (CONTROL_WORDS * 4 + SLOTS * SLOT_BYTES);

/** A worker's doorbell: the caller rings it after posting; the worker waits on it when no slot is posted. */
export class Doorbell {
  #control;
  #word;

  /**
   * @param {SharedArrayBuffer} sab
   * @param {number} workers
   * @param {number} worker
   */
  constructor(sab, workers, worker) {
    this.#control = new Int32Array(sab, 0, workers * CONTROL_WORDS);
    this.#word = worker * CONTROL_WORDS + DOORBELL;
  }

  /** How many times it has rung. */
  get rung() {
    return Atomics.load(this.#control, this.#word);
  }

  ring() {
    Atomics.add(this.#control, this.#word, 1);
    Atomics.notify(this.#control, this.#word);
  }

  /**
   * Waits until it rings again after `rung`: spinning for spinMs first, so
   * that a run of calls does not pay a wake-up on each (docs/performance-notes.md,
   * "The pool"), then asleep.
   * @param {number} rung
   * @param {number} spinMs
   */
  wait(rung, spinMs) {
    const until = performance.now() + spinMs;
    while (Atomics.load(this.#control, this.#word) === rung && performance.now() < until);
    Atomics.wait(this.#control, this.#word, rung);
  }
}

/** One slot of one worker, as either side sees it. */
export class Slot {
  /** @type {Doorbell} */
  #doorbell;
  /** @type {Int32Array} */
  #control;
  /** The index of its state word; its other fields follow. */
  #base;

  /**
   * @param {SharedArrayBuffer} sab
   * @param {Doorbell} doorbell Its worker's.
   * @param {number} workers
   * @param {number} worker
   * @param {number} slot
   */
  constructor(sab, doorbell, workers, worker, slot) {
    this.#doorbell = doorbell;
    this.#control = new Int32Array(sab, 0, workers * CONTROL_WORDS);
    this.#base = worker * CONTROL_WORDS + 1 + slot * FIELDS;
    const at = workers * CONTROL_WORDS * 4 + (worker * SLOTS + slot) * SLOT_BYTES;
    this.input = new Uint8Array(sab, at, SLOT_IN);
    this.output = new Uint8Array(sab, at + SLOT_IN, SLOT_OUT);
  }

  get state() {
    return Atomics.load(this.#control, this.#base + STATE);
  }
  get op() {
    return this.#control[this.#base + OP];
  }
  get len() {
    return this.#control[this.#base + LEN];
  }
  get arg() {
    return this.#control[this.#base + ARG];
  }
  get seq() {
    return this.#control[this.#base + SEQ];
  }

  // The caller's side.

  /**
   * Posts the unit written into `input`, and rings its worker: for each unit,
   * so that the worker starts on the first while the caller fills the second.
   * @param {number} op
   * @param {number} len
   * @param {number} arg
   * @param {number} seq The worker takes its posted slots in this order.
   */
  post(op, len, arg, seq) {
    const control = this.#control;
    const base = this.#base;
    control[base + OP] = op;
    control[base + LEN] = len;
    control[base + ARG] = arg;
    control[base + SEQ] = seq;
    Atomics.store(control, base + STATE, POSTED);
    this.#doorbell.ring();
  }

  /** Takes back a unit that no worker has claimed; false where one has. */
  takeBack() {
    return Atomics.compareExchange(this.#control, this.#base + STATE, POSTED, FREE) === POSTED;
  }

  free() {
    Atomics.store(this.#control, this.#base + STATE, FREE);
  }

  /** FAILED: the worker's error message. */
  message() {
    return new TextDecoder().decode(this.output.slice(0, this.#control[this.#base + MESSAGE]));
  }

  // The worker's side.

  /** Claims a posted unit; false where the caller took it back first. */
  claim() {
    return Atomics.compareExchange(this.#control, this.#base + STATE, POSTED, CLAIMED) === POSTED;
  }

  finish() {
    this.#report(DONE);
  }

  /**
   * Reports the unit failed, with `message` (UTF-8) at the start of the output.
   * @param {Uint8Array} message
   */
  fail(message) {
    const bytes = message.subarray(0, SLOT_OUT);
    this.output.set(bytes);
    this.#control[this.#base + MESSAGE] = bytes.length;
    this.#report(FAILED);
  }

  /** Marks the claimed unit DEAD: the worker exits holding it. */
  die() {
    this.#report(DEAD);
  }

  /** @param {number} state */
  #report(state) {
    Atomics.store(this.#control, this.#base + STATE, state);
    Atomics.notify(this.#control, this.#base + STATE);
  }
}

/**
 * The slots of worker `worker` of `workers` in sab, and its doorbell.
 * @param {SharedArrayBuffer} sab
 * @param {number} workers
 * @param {number} worker
 * @returns {{doorbell: Doorbell, slots: Slot[]}}
 */
export function slotsOf(sab, workers, worker) {
  const doorbell = new Doorbell(sab, workers, worker);
  const slots = Array.from({length: SLOTS}, (_, s) => new Slot(sab, doorbell, workers, worker, s));
  return {doorbell, slots};
}
