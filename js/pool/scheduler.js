// The pool's scheduler. A job is one call's work, cut into units
// (js/pool/plan.js); the scheduler posts units into free slots
// (js/pool/slots.js), does the job's own work ahead or the next unit itself
// meanwhile, as a worker does it (js/pool/ops.js), and collects what the
// workers finish. At the end it takes back every unit no worker claimed
// and races each claimed one: it does the unit too, in pieces, and keeps
// whichever result comes first, so a call never waits for a worker. A unit
// whose worker fails or exits is done again on the caller from its slot's
// input, and the worker replaced; a slot whose unit the caller finished
// first is left to its worker until it is done (Held.leftUntil), and one
// still on it after the timeout is taken to hang and replaced.
import {runUnit, runUnitInPieces} from "./ops.js";
import {CLAIMED, DEAD, DONE, FAILED, FREE, POSTED, SLOT_IN, SLOT_OUT} from "./slots.js";

/** Input bytes the caller does between looks at a unit it races a worker for: 512 messages, about 0.1 ms. */
const RACE_PIECE = 32 * 1024;

/**
 * A call's work, cut into `units` units. fill(i, input) copies unit i into a
 * slot's input (or the caller's own, where it does the unit) and returns
 * [op, length, arg]; collect(i, output, length) takes unit i's result from a
 * slot's output (or the caller's). So a unit is computed by its op alone,
 * wherever it runs, but for a job with onCaller(i): its own way of doing
 * unit i on the caller, where the copies cost (digestMany's; performance-notes,
 * "The pool").
 * @typedef {object} Job
 * @property {number} units
 * @property {(i: number, input: Uint8Array) => [op: number, length: number, arg: number]} fill
 * @property {(i: number, output: Uint8Array, length: number) => void} collect
 * @property {(i: number) => void} [onCaller]
 * @property {() => boolean} [ahead] Work of the caller's own that it does, while every slot is busy, rather than a unit: returns whether there was any.
 */

/** @import {Seat, Workers} from "./workers.js" */
/** @import {Slot} from "./slots.js" */

/**
 * A slot as the scheduler keeps it: the unit of the running job it holds
 * (-1: none) and, where the caller did a unit itself while a worker was
 * still on it, until when that worker may finish it (0: not left), when the
 * slot may be reused. A replaced worker's slots come back FREE, and
 * #freeLeftSlots lets them go.
 * @typedef {{seat: Seat, slot: Slot, unit: number, leftUntil: number}} Held
 */

export class Scheduler {
  /** @type {Workers} */
  #workers;
  /** @type {number} */
  #timeoutMs;
  #seq = 0;
  #watching = false;
  /** @type {Held[]} Every seat's slots, seat by seat. */
  #held;
  /** @type {Job | null} The job running, or null. */
  #job = null;
  /** The next unit to start, and the units in slots. */
  #next = 0;
  #pending = 0;
  /** Whether the job has failed: what fill, collect or onCaller threw is in #error. */
  #failed = false;
  /** @type {unknown} */
  #error = undefined;
  /** The caller's own units' input, output and work area, one unit at a time. */
  #input = new Uint8Array(SLOT_IN);
  #output = new Uint8Array(SLOT_OUT);
  #scratch = new Uint8Array(SLOT_IN);

  /**
   * @param {Workers} workers
   * @param {number} timeoutMs
   */
  constructor(workers, timeoutMs) {
    this.#workers = workers;
    this.#timeoutMs = timeoutMs;
    this.#held = workers.seats.flatMap((seat) => seat.slots.map((slot) => ({seat, slot, unit: -1, leftUntil: 0})));
  }

  /**
   * True while a job runs: a call that the job's own callbacks make (a
   * getter, an applyHash) finds it so, and runs on the caller alone, never
   * on the slots this job holds.
   */
  get running() {
    return this.#job !== null;
  }

  /**
   * Runs a job. Units start in order of index, and each unit's input is read
   * when it starts, so an output that overwrites input already read (hashInto
   * into the start of its input, digestNLevel) is safe. An error thrown by
   * fill, collect or onCaller ends the job; it is thrown once no unit of the
   * job is left in a slot.
   * @param {Job} job
   */
  run(job) {
    if (this.#job !== null) throw new Error("sha256-simd/pool: a job started inside another");
    this.#freeLeftSlots();
    this.#job = job;
    this.#next = 0;
    this.#pending = 0;
    this.#failed = false;
    try {
      while (this.#next < job.units) {
        // Finished units are collected before posting, so that their slots
        // are refilled now rather than after the caller's next unit
        // (docs/performance-notes.md, "The pool"); the caller does a unit
        // only where every slot is busy and the job has nothing ahead.
        if (this.#pending > 0) this.#settleAll(DONE);
        if (this.#post() || job.ahead?.()) continue;
        const i = this.#next++;
        if (job.onCaller) {
          job.onCaller(i);
        } else {
          const [op, len, arg] = job.fill(i, this.#input);
          this.#runHere(i, op, len, arg, this.#input);
        }
      }
      this.#finish();
    } catch (e) {
      this.#failed = true;
      this.#error = e;
      this.#finish();
    } finally {
      this.#job = null;
    }
    this.#watch();
    if (this.#failed) throw this.#takeError();
  }

  /** Fills every free slot of a live worker with the next units; returns whether it posted any. */
  #post() {
    const job = /** @type {Job} */ (this.#job);
    const next = this.#next;
    for (const held of this.#held) {
      if (this.#next >= job.units) break;
      if (!held.seat.live || held.unit >= 0 || held.leftUntil !== 0) continue;
      const i = this.#next++;
      const [op, len, arg] = job.fill(i, held.slot.input);
      held.slot.post(op, len, arg, this.#seq++ | 0);
      held.unit = i;
      this.#pending++;
    }
    return this.#next > next;
  }

  /** Settles every slot until none holds a unit of the job: does the job's work ahead while there is any, then takes back the units not claimed and races the others. */
  #finish() {
    while (this.#pending > 0) {
      this.#settleAll(DONE);
      if (!this.#failed && this.#job?.ahead?.()) continue;
      this.#settleAll(FREE);
      this.#settleAll(CLAIMED);
    }
  }

  /** @param {number} upTo DONE, FREE or CLAIMED (see #settle). */
  #settleAll(upTo) {
    for (const held of this.#held) if (held.unit >= 0) this.#settle(held, upTo);
  }

  /**
   * Ends the unit in slot if its worker has (upTo DONE); also if no worker
   * has claimed it (upTo FREE: taken back and done on the caller); also if a
   * worker has (upTo CLAIMED: raced).
   * @param {Held} held
   * @param {number} upTo
   */
  #settle(held, upTo) {
    const {seat, slot} = held;
    let state = slot.state;
    if (state === POSTED || state === CLAIMED) {
      if (upTo === DONE) return;
      if (state === POSTED && slot.takeBack()) {
        state = FREE;
      } else {
        if (upTo !== CLAIMED) return;
        state = this.#failed ? slot.state : this.#race(slot, held.unit);
        if (state === CLAIMED) return this.#leave(held);
      }
    }
    const i = held.unit;
    held.unit = -1;
    this.#pending--;
    if (state === DONE) {
      slot.free();
      if (!this.#failed) this.#job?.collect(i, slot.output, slot.len);
      return;
    }
    // Taken back (FREE), or its worker failed (FAILED) or exited (DEAD) on
    // it: the caller does the unit from the slot's input, which only the
    // caller writes; a digest is the same wherever it is computed.
    if (state === FAILED) this.#countFailure(seat, slot);
    else if (state === DEAD) this.#workers.retire(seat, "exited");
    if (!this.#failed) this.#runHere(i, slot.op, slot.len, slot.arg, slot.input);
    if (state === FAILED) slot.free();
  }

  /**
   * Unit i, of `op` on input[0, len), done on the caller and collected.
   * @param {number} i
   * @param {number} op
   * @param {number} len
   * @param {number} arg
   * @param {Uint8Array} input
   */
  #runHere(i, op, len, arg, input) {
    runUnit(op, input, len, arg, this.#output, this.#scratch);
    this.#job?.collect(i, this.#output, len);
  }

  /**
   * The unit in slot, which a worker has claimed, done on the caller as well,
   * in pieces, until either finishes: the caller never waits for a worker
   * longer than the unit would take it alone (a worker woken from sleep can
   * share the caller's core for ms, and one may hang). Returns CLAIMED, the
   * unit collected, where the caller finished first; else the state the
   * worker left, uncollected.
   * @param {Slot} slot
   * @param {number} i The unit.
   * @returns {number}
   */
  #race(slot, i) {
    const claimed = () => slot.state === CLAIMED;
    if (!runUnitInPieces(slot.op, slot.input, slot.len, slot.arg, this.#output, this.#scratch, RACE_PIECE, claimed)) return slot.state;
    this.#job?.collect(i, this.#output, slot.len);
    return CLAIMED;
  }

  /**
   * Leaves slot to the worker still on its unit, which the caller has done
   * (or, after an error, needs no more): it is reused once the worker is done.
   * @param {Held} held
   */
  #leave(held) {
    held.unit = -1;
    held.leftUntil = performance.now() + this.#timeoutMs;
    this.#pending--;
  }

  /**
   * Frees the slots left to workers that have since finished (a worker's
   * error in such a unit only counts: the call computed the unit itself). A
   * worker still on one past the timeout (hangs), or that exited, is replaced;
   * its replacement finds the slots FREE, and they are let go of here.
   */
  #freeLeftSlots() {
    for (const held of this.#held) {
      const {seat, slot} = held;
      if (!seat.live || held.leftUntil === 0) continue;
      const state = slot.state;
      if (state === CLAIMED) {
        if (performance.now() > held.leftUntil) this.#workers.retire(seat, "hung");
      } else if (state === DEAD) {
        this.#workers.retire(seat, "exited");
      } else {
        if (state === FAILED) this.#countFailure(seat, slot);
        slot.free();
        held.leftUntil = 0;
      }
    }
  }

  /**
   * Counts the failure of the worker of seat, with the message it left in slot, and replaces it.
   * @param {Seat} seat
   * @param {Slot} slot
   */
  #countFailure(seat, slot) {
    this.#workers.failed(seat, `a worker failed: ${slot.message()}`);
  }

  /** Where a call left slots to workers, looks again once they are due, so that a hung worker is replaced between calls too. */
  #watch() {
    if (this.#watching || !this.#held.some((held) => held.seat.live && held.leftUntil !== 0)) return;
    this.#watching = true;
    this.#workers.after(this.#timeoutMs + 1, () => {
      this.#watching = false;
      this.#freeLeftSlots();
      this.#watch();
    });
  }

  /** The job's error, let go of. */
  #takeError() {
    const error = this.#error;
    this.#error = undefined;
    this.#failed = false;
    return error;
  }
}
