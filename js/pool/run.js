// The scheduler of sha256-simd/pool: runs a job's units on the workers and
// the caller, synchronously. A call posts units into the workers' slots, does
// units itself until none is left, takes back the units that no worker has
// started, and does the started ones too unless their worker finishes first
// (race). A unit whose worker exits, hangs or fails is done on the caller from
// the slot's input, and the worker is replaced (js/pool-spawn.js).
import * as u from "./unit.js";
import {rootOfSubtrees} from "./plan.js";
import {BLOCK, CHUNK} from "../core/sizes.js";

/** Input bytes the caller does between looks at a unit it races a worker for: 512 messages, about 0.1 ms. */
const RACE_PIECE = 32 * 1024;
const SETTLE_DONE = 0;
const SETTLE_TAKE_BACK = 1;
const SETTLE_RACE = 2;

export class Scheduler {
  #crew;
  #timeoutMs;
  #seq = 0;
  #watching = false;
  #running = false;
  #scratchOut = new Uint8Array(u.SLOT_OUT);
  /** The caller's own units' work area, one at a time. */
  scratch = new Uint8Array(u.SLOT_IN);

  constructor(crew, timeoutMs) {
    this.#crew = crew;
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
   * slot and returns [op, length, arg]; own(i) does unit i on the caller from
   * the original data; collect(i, out, length) takes a unit's result from a
   * slot's output (or the caller's copy of it). Units are started in order of
   * index, and each unit's input is read when it is started, so an output
   * that overwrites already-read input (hashInto with output = the start of
   * input, digestNLevel) is safe. An error thrown by fill, own or collect
   * ends the job, and is thrown once no unit of it is left in a slot.
   */
  run(job) {
    const ctl = this.#crew.ctl;
    const workers = this.#crew.records;
    let next = 0;
    let pending = 0;
    let error = null;
    const post = () => {
      for (const w of workers) {
        if (!w.live) continue;
        for (let s = 0; s < u.SLOTS && next < job.units; s++) {
          if (w.unit[s] >= 0 || w.abandoned[s] !== 0) continue;
          const i = next++;
          const [op, len, arg] = job.fill(i, w.in[s]);
          ctl[u.slotWord(w.index, s, u.OP)] = op;
          ctl[u.slotWord(w.index, s, u.LEN)] = len;
          ctl[u.slotWord(w.index, s, u.ARG)] = arg;
          ctl[u.slotWord(w.index, s, u.SEQ)] = this.#seq++ | 0;
          Atomics.store(ctl, u.slotWord(w.index, s, u.STATE), u.POSTED);
          w.unit[s] = i;
          pending++;
          // Rung for each unit, so that the worker starts on the first while
          // the caller fills the second.
          Atomics.add(ctl, u.doorbell(w.index), 1);
          Atomics.notify(ctl, u.doorbell(w.index));
        }
      }
    };
    /**
     * Settles slot s of w: if it has finished; with mode TAKE_BACK also if
     * no worker has started it (the caller does it); with mode RACE also if
     * a worker is on it (the caller does it too, see #race).
     */
    const settle = (w, s, mode) => {
      const i = w.unit[s];
      const state = u.slotWord(w.index, s, u.STATE);
      const len = ctl[u.slotWord(w.index, s, u.LEN)];
      let st = Atomics.load(ctl, state);
      if (st === u.POSTED || st === u.CLAIMED) {
        if (mode === SETTLE_DONE) return;
        if (st === u.POSTED && Atomics.compareExchange(ctl, state, u.POSTED, u.FREE) === u.POSTED) {
          st = u.FREE;
        } else {
          if (mode !== SETTLE_RACE) return;
          st = error === null ? this.#race(job, w, s, i) : Atomics.load(ctl, state);
          if (st === u.CLAIMED) {
            // The caller has the unit's result (or, after an error, needs
            // none): the slot stays the worker's until it reports the unit
            // finished, and is reused only then (reclaim()).
            w.unit[s] = -1;
            w.abandoned[s] = performance.now() + this.#timeoutMs;
            pending--;
            return;
          }
        }
      }
      w.unit[s] = -1;
      pending--;
      if (st === u.DONE) {
        Atomics.store(ctl, state, u.FREE);
        if (error === null) job.collect(i, w.out[s], len);
        return;
      }
      // Taken back (FREE), or the worker failed (FAILED) or exited (DEAD) on
      // it: the caller does the unit from the slot's input, which is intact
      // (workers only write the output area); a digest is the same wherever
      // it is computed.
      if (st === u.FAILED) this.#failed(w, s);
      else if (st === u.DEAD) this.#crew.retire(w, "exited");
      if (error === null) this.#redo(job, w, s, i, len);
      if (st === u.FAILED) Atomics.store(ctl, state, u.FREE);
    };
    const settleAll = (mode) => {
      for (const w of workers) for (let s = 0; s < u.SLOTS; s++) if (w.unit[s] >= 0) settle(w, s, mode);
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
        if (next < job.units && error === null) job.own(next++);
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

  /** Counts the failure of w in slot s, with the error message it left there, and replaces w. */
  #failed(w, s) {
    const ctl = this.#crew.ctl;
    const message = new TextDecoder().decode(w.out[s].slice(0, ctl[u.slotWord(w.index, s, u.MESSAGE)]));
    this.#crew.failed(w, `a worker failed: ${message}`);
  }

  /** Unit i, which slot s of w holds, done on the caller from the slot's input. */
  #redo(job, w, s, i, len) {
    const ctl = this.#crew.ctl;
    const op = ctl[u.slotWord(w.index, s, u.OP)];
    const arg = ctl[u.slotWord(w.index, s, u.ARG)];
    u.runUnit(op, w.in[s], len, arg, this.#scratchOut, this.scratch);
    job.collect(i, this.#scratchOut, len);
  }

  /**
   * Unit i, which a worker has started in slot s of w, done on the caller as
   * well, in pieces of RACE_PIECE bytes, until either finishes: the caller
   * never waits for a worker longer than the unit would take it alone (a
   * worker woken from sleep can share the caller's core for ms, and one may
   * hang). Returns CLAIMED with the unit collected when the caller finished
   * first; otherwise the state the worker left the slot in, uncollected.
   */
  #race(job, w, s, i) {
    const ctl = this.#crew.ctl;
    const state = u.slotWord(w.index, s, u.STATE);
    const op = ctl[u.slotWord(w.index, s, u.OP)];
    const len = ctl[u.slotWord(w.index, s, u.LEN)];
    const arg = ctl[u.slotWord(w.index, s, u.ARG)];
    const out = this.#scratchOut;
    if (op === u.OP_MANY) {
      // Messages of any lengths do not cut into even pieces: the caller does the unit whole.
      if (Atomics.load(ctl, state) !== u.CLAIMED) return Atomics.load(ctl, state);
      u.runUnit(op, w.in[s], len, arg, out, this.scratch);
      job.collect(i, out, len);
      return u.CLAIMED;
    }
    // A merkleized unit is done as subtrees of `leaves` chunks, then combined.
    const leaves = op === u.OP_MERKLEIZE ? Math.min(arg, RACE_PIECE / CHUNK) : 0;
    const group = op === u.OP_NLEVEL ? 2 ** arg * CHUNK : BLOCK;
    const piece = op === u.OP_MERKLEIZE ? leaves * CHUNK : Math.max(group, RACE_PIECE - (RACE_PIECE % group));
    const ratio = op === u.OP_NLEVEL ? 2 ** arg : 2;
    let pieces = 0;
    for (let at = 0; at < len; at += piece, pieces++) {
      const st = Atomics.load(ctl, state);
      if (st !== u.CLAIMED) return st;
      const part = w.in[s].subarray(at);
      const length = Math.min(piece, len - at);
      if (op === u.OP_MERKLEIZE) u.runUnit(op, part, length, leaves, out.subarray(pieces * CHUNK), this.scratch);
      else u.runUnit(op, part, length, arg, out.subarray(at / ratio), this.scratch);
    }
    if (op === u.OP_MERKLEIZE) out.set(rootOfSubtrees(out, new Array(pieces).fill(Math.log2(leaves)), Math.log2(arg)));
    job.collect(i, out, len);
    return u.CLAIMED;
  }

  /**
   * Frees the slots that calls left to workers still on them, once the
   * worker has finished (a worker's error in such a unit only counts: the
   * call it belonged to computed that unit itself). A worker that has not
   * finished within the timeout (hangs) or has exited is replaced.
   */
  reclaim() {
    const ctl = this.#crew.ctl;
    for (const w of this.#crew.records) {
      for (let s = 0; s < u.SLOTS && w.live; s++) {
        if (w.abandoned[s] === 0) continue;
        const state = u.slotWord(w.index, s, u.STATE);
        const st = Atomics.load(ctl, state);
        if (st === u.CLAIMED) {
          if (performance.now() > w.abandoned[s]) this.#crew.retire(w, "hung");
        } else if (st === u.DEAD) {
          this.#crew.retire(w, "exited");
        } else {
          if (st === u.FAILED) this.#failed(w, s);
          Atomics.store(ctl, state, u.FREE);
          w.abandoned[s] = 0;
        }
      }
    }
  }

  /** Where a call left units to workers, looks again once they are due, so a hung worker is replaced between calls too. */
  #watch() {
    if (this.#watching || !this.#crew.records.some((w) => w.live && w.abandoned.some((t) => t !== 0))) return;
    this.#watching = true;
    this.#crew.after(this.#timeoutMs + 1, () => {
      this.#watching = false;
      this.reclaim();
      this.#watch();
    });
  }
}
