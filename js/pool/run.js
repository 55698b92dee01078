// The pool's scheduler: posts a job's units into the workers' slots and does
// units itself meanwhile, then takes back those no worker started and races
// the started ones (the caller never waits for a worker). A unit whose worker
// exits, hangs or fails is redone on the caller, and the worker replaced.
import * as unit from "./unit.js";

/** Input bytes the caller does between looks at a unit it races a worker for: 512 messages, about 0.1 ms. */
const RACE_PIECE = 32 * 1024;
const SETTLE_DONE = 0;
const SETTLE_TAKE_BACK = 1;
const SETTLE_RACE = 2;

/**
 * A call's work, cut into `units` units (Scheduler.run).
 * @typedef {object} Job
 * @property {number} units
 * @property {(i: number, slot: Uint8Array) => [op: number, length: number, arg: number]} fill
 * @property {(i: number) => void} onCaller
 * @property {(i: number, out: Uint8Array, length: number) => void} collect
 */

/** @import {Seat, Workers} from "./workers.js" */

export class Scheduler {
  /** @type {Workers} */
  #workers;
  /** @type {number} */
  #timeoutMs;
  #seq = 0;
  #watching = false;
  #running = false;
  #scratchOut = new Uint8Array(unit.SLOT_OUT);
  /** The caller's own units' work area, one at a time. */
  scratch = new Uint8Array(unit.SLOT_IN);

  /**
   * @param {Workers} workers
   * @param {number} timeoutMs
   */
  constructor(workers, timeoutMs) {
    this.#workers = workers;
    this.#timeoutMs = timeoutMs;
  }

  /**
   * True while a job runs: the caller's code that a job runs (a getter, an
   * applyHash) and that calls the pool again finds it so, and that call runs
   * on the caller alone, never on the slots this one holds.
   */
  get running() {
    return this.#running;
  }

  /**
   * Runs a job of `units` units: fill(i, slotInput) copies unit i into a
   * slot and returns [op, length, arg]; onCaller(i) does unit i on the caller from
   * the original data; collect(i, out, length) takes a unit's result from a
   * slot's output (or the caller's copy of it). Units are started in order of
   * index, and each unit's input is read when it is started, so an output
   * that overwrites already-read input (hashInto with output = the start of
   * input, digestNLevel) is safe. An error thrown by fill, onCaller or collect
   * ends the job, and is thrown once no unit of it is left in a slot.
   * @param {Job} job
   */
  run(job) {
    const ctl = this.#workers.ctl;
    const seats = this.#workers.seats;
    let next = 0;
    let pending = 0;
    /** @type {unknown} What fill, onCaller or collect threw, or null. */
    let error = null;
    const post = () => {
      for (const seat of seats) {
        if (!seat.live) continue;
        for (let s = 0; s < unit.SLOTS && next < job.units; s++) {
          if (seat.units[s] >= 0 || seat.abandoned[s] !== 0) continue;
          const i = next++;
          const [op, len, arg] = job.fill(i, seat.in[s]);
          ctl[unit.slotWord(seat.index, s, unit.OP)] = op;
          ctl[unit.slotWord(seat.index, s, unit.LEN)] = len;
          ctl[unit.slotWord(seat.index, s, unit.ARG)] = arg;
          ctl[unit.slotWord(seat.index, s, unit.SEQ)] = this.#seq++ | 0;
          Atomics.store(ctl, unit.slotWord(seat.index, s, unit.STATE), unit.POSTED);
          seat.units[s] = i;
          pending++;
          // Rung for each unit, so that the worker starts on the first while
          // the caller fills the second.
          Atomics.add(ctl, unit.doorbell(seat.index), 1);
          Atomics.notify(ctl, unit.doorbell(seat.index));
        }
      }
    };
    /**
     * Settles slot s of seat: if it has finished; with mode TAKE_BACK also if
     * no worker has started it (the caller does it); with mode RACE also if
     * a worker is on it (the caller does it too, see #race).
     * @param {Seat} seat
     * @param {number} s
     * @param {number} mode
     */
    const settle = (seat, s, mode) => {
      const i = seat.units[s];
      const state = unit.slotWord(seat.index, s, unit.STATE);
      const len = ctl[unit.slotWord(seat.index, s, unit.LEN)];
      let st = Atomics.load(ctl, state);
      if (st === unit.POSTED || st === unit.CLAIMED) {
        if (mode === SETTLE_DONE) return;
        if (st === unit.POSTED && Atomics.compareExchange(ctl, state, unit.POSTED, unit.FREE) === unit.POSTED) {
          st = unit.FREE;
        } else {
          if (mode !== SETTLE_RACE) return;
          st = error === null ? this.#race(job, seat, s, i) : Atomics.load(ctl, state);
          if (st === unit.CLAIMED) {
            // The caller has the unit's result (or, after an error, needs
            // none): the slot stays the worker's until it reports the unit
            // finished, and is reused only then (reclaim()).
            seat.units[s] = -1;
            seat.abandoned[s] = performance.now() + this.#timeoutMs;
            pending--;
            return;
          }
        }
      }
      seat.units[s] = -1;
      pending--;
      if (st === unit.DONE) {
        Atomics.store(ctl, state, unit.FREE);
        if (error === null) job.collect(i, seat.out[s], len);
        return;
      }
      // Taken back (FREE), or the worker failed (FAILED) or exited (DEAD) on
      // it: the caller does the unit from the slot's input, which is intact
      // (workers only write the output area); a digest is the same wherever
      // it is computed.
      if (st === unit.FAILED) this.#failed(seat, s);
      else if (st === unit.DEAD) this.#workers.retire(seat, "exited");
      if (error === null) this.#redo(job, seat, s, i, len);
      if (st === unit.FAILED) Atomics.store(ctl, state, unit.FREE);
    };
    /** @param {number} mode */
    const settleAll = (mode) => {
      for (const seat of seats) for (let s = 0; s < unit.SLOTS; s++) if (seat.units[s] >= 0) settle(seat, s, mode);
    };
    const finish = () => {
      while (pending > 0) {
        settleAll(SETTLE_TAKE_BACK);
        settleAll(SETTLE_RACE);
      }
    };
    this.reclaim();
    this.#running = true;
    try {
      while (next < job.units && error === null) {
        // Finished units are collected before posting, so that their slots
        // are refilled now rather than after the caller's next unit
        // (docs/performance-notes.md, "The pool").
        if (pending > 0) settleAll(SETTLE_DONE);
        post();
        if (next < job.units && error === null) job.onCaller(next++);
      }
      finish();
    } catch (e) {
      // Units still out are abandoned, so the next call finds every slot free.
      error = e;
      finish();
    } finally {
      this.#running = false;
    }
    this.#watch();
    if (error !== null) throw error;
  }

  /**
   * Counts the failure of seat in slot s, with the error message it left there, and replaces seat.
   * @param {Seat} seat
   * @param {number} s
   */
  #failed(seat, s) {
    const ctl = this.#workers.ctl;
    const message = new TextDecoder().decode(seat.out[s].slice(0, ctl[unit.slotWord(seat.index, s, unit.MESSAGE)]));
    this.#workers.failed(seat, `a worker failed: ${message}`);
  }

  /**
   * Unit i, which slot s of seat holds, done on the caller from the slot's input.
   * @param {Job} job
   * @param {Seat} seat
   * @param {number} s
   * @param {number} i
   * @param {number} len
   */
  #redo(job, seat, s, i, len) {
    const ctl = this.#workers.ctl;
    const op = ctl[unit.slotWord(seat.index, s, unit.OP)];
    const arg = ctl[unit.slotWord(seat.index, s, unit.ARG)];
    unit.runUnit(op, seat.in[s], len, arg, this.#scratchOut, this.scratch);
    job.collect(i, this.#scratchOut, len);
  }

  /**
   * Unit i, which a worker has started in slot s of seat, done on the caller as
   * well, in pieces of RACE_PIECE bytes, until either finishes: the caller
   * never waits for a worker longer than the unit would take it alone (a
   * worker woken from sleep can share the caller's core for ms, and one may
   * hang). Returns CLAIMED with the unit collected when the caller finished
   * first; otherwise the state the worker left the slot in, uncollected.
   * @param {Job} job
   * @param {Seat} seat
   * @param {number} s
   * @param {number} i
   * @returns {number}
   */
  #race(job, seat, s, i) {
    const ctl = this.#workers.ctl;
    const state = unit.slotWord(seat.index, s, unit.STATE);
    const op = ctl[unit.slotWord(seat.index, s, unit.OP)];
    const len = ctl[unit.slotWord(seat.index, s, unit.LEN)];
    const arg = ctl[unit.slotWord(seat.index, s, unit.ARG)];
    const out = this.#scratchOut;
    const {run, pieces, join} = unit.OPS[op];
    // A unit that cannot be cut is done whole.
    const [piece, pieceArg, outAt] = pieces(arg, RACE_PIECE) ?? [len, arg, () => 0];
    let k = 0;
    for (let at = 0; at < len; at += piece, k++) {
      const st = Atomics.load(ctl, state);
      if (st !== unit.CLAIMED) return st;
      run(seat.in[s].subarray(at, Math.min(at + piece, len)), pieceArg, out.subarray(outAt(at, k)), this.scratch);
    }
    join?.(out, k, arg, pieceArg);
    job.collect(i, out, len);
    return unit.CLAIMED;
  }

  /**
   * Frees the slots that calls left to workers still on them, once the
   * worker has finished (a worker's error in such a unit only counts: the
   * call it belonged to computed that unit itself). A worker that has not
   * finished within the timeout (hangs) or has exited is replaced.
   */
  reclaim() {
    const ctl = this.#workers.ctl;
    for (const seat of this.#workers.seats) {
      for (let s = 0; s < unit.SLOTS && seat.live; s++) {
        if (seat.abandoned[s] === 0) continue;
        const state = unit.slotWord(seat.index, s, unit.STATE);
        const st = Atomics.load(ctl, state);
        if (st === unit.CLAIMED) {
          if (performance.now() > seat.abandoned[s]) this.#workers.retire(seat, "hung");
        } else if (st === unit.DEAD) {
          this.#workers.retire(seat, "exited");
        } else {
          if (st === unit.FAILED) this.#failed(seat, s);
          Atomics.store(ctl, state, unit.FREE);
          seat.abandoned[s] = 0;
        }
      }
    }
  }

  /** Where a call left units to workers, looks again once they are due, so a hung worker is replaced between calls too. */
  #watch() {
    if (this.#watching || !this.#workers.seats.some((seat) => seat.live && seat.abandoned.some((t) => t !== 0))) return;
    this.#watching = true;
    this.#workers.after(this.#timeoutMs + 1, () => {
      this.#watching = false;
      this.reclaim();
      this.#watch();
    });
  }
}
