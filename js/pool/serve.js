// A pool worker's loop: claims the units posted into its slots, runs each with
// the unit function it was given, and reports through the slot's state. It
// never returns to its event loop: everything goes through shared memory.
// js/pool/worker.js runs it with runUnit; a test can run it with another.
import {builtin, isNode} from "../core/engine.js";
import * as unit from "./unit.js";

/**
 * What the pool starts a worker with (js/pool/workers.js): the shared
 * buffer, the count of workers and this one's index, how long it spins,
 * and the `data` of a worker script other than the package's.
 * @typedef {{sab: SharedArrayBuffer, workers: number, worker: number, spinMs: number, extra?: unknown}} WorkerData
 */

/**
 * A unit function: runUnit (js/pool/unit.js), or a test's.
 * @typedef {(op: number, input: Uint8Array, len: number, arg: number, out: Uint8Array, scratch: Uint8Array) => void} RunUnit
 */

/**
 * Starts serving, with run(op, input, len, arg, out, scratch) as the unit
 * function; makeRun(data) makes it from the data the pool started the worker with.
 * @param {(data: WorkerData) => RunUnit} makeRun
 */
export function serve(makeRun) {
  if (isNode) {
    const {parentPort, workerData} = builtin("node:worker_threads");
    const server = new UnitServer(workerData, makeRun(workerData));
    // A worker that exits holding a unit (process.exit, an uncaught error)
    // marks it DEAD, so the caller redoes it at once.
    builtin("node:process").on("exit", () => server.markDead());
    parentPort.postMessage("ready");
    server.loop();
  } else {
    /** @param {MessageEvent<WorkerData>} e */
    self.onmessage = (e) => {
      const server = new UnitServer(e.data, makeRun(e.data));
      self.postMessage("ready");
      server.loop();
    };
  }
}

/** One worker's side of the shared buffer: its slots, and the unit it holds. */
class UnitServer {
  /** The state word of the slot being worked on, or -1. */
  holding = -1;
  scratch = new Uint8Array(unit.SLOT_IN);
  encoder = new TextEncoder();

  /**
   * @param {WorkerData} data
   * @param {RunUnit} run
   */
  constructor(data, run) {
    this.run = run;
    this.index = data.worker;
    this.spinMs = data.spinMs;
    this.ctl = new Int32Array(data.sab, 0, data.workers * unit.CONTROL_WORDS);
    /** Per slot, its input area. @type {Uint8Array[]} */
    this.in = [];
    /** Per slot, its output area. @type {Uint8Array[]} */
    this.out = [];
    for (let s = 0; s < unit.SLOTS; s++) {
      const at = unit.slotOffset(data.workers, this.index, s);
      this.in.push(new Uint8Array(data.sab, at, unit.SLOT_IN));
      this.out.push(new Uint8Array(data.sab, at + unit.SLOT_IN, unit.SLOT_OUT));
    }
  }

  markDead() {
    if (this.holding < 0) return;
    Atomics.store(this.ctl, this.holding, unit.DEAD);
    Atomics.notify(this.ctl, this.holding);
  }

  /** The POSTED slot with the lowest sequence number, or -1. */
  nextPosted() {
    let best = -1;
    let bestSeq = 0;
    for (let s = 0; s < unit.SLOTS; s++) {
      if (Atomics.load(this.ctl, unit.slotWord(this.index, s, unit.STATE)) !== unit.POSTED) continue;
      const seq = this.ctl[unit.slotWord(this.index, s, unit.SEQ)];
      if (best < 0 || seq - bestSeq < 0) {
        best = s;
        bestSeq = seq;
      }
    }
    return best;
  }

  /** @param {number} s */
  work(s) {
    const {ctl, index} = this;
    const state = unit.slotWord(index, s, unit.STATE);
    // The caller may have taken the unit back since nextPosted() saw it.
    if (Atomics.compareExchange(ctl, state, unit.POSTED, unit.CLAIMED) !== unit.POSTED) return;
    this.holding = state;
    let result = unit.DONE;
    try {
      const len = ctl[unit.slotWord(index, s, unit.LEN)];
      this.run(ctl[unit.slotWord(index, s, unit.OP)], this.in[s], len, ctl[unit.slotWord(index, s, unit.ARG)], this.out[s], this.scratch);
    } catch (e) {
      // encode() and a copy: Chromium's encodeInto() refuses shared memory.
      const message = this.encoder.encode(String(e?.message ?? e)).subarray(0, this.out[s].length);
      this.out[s].set(message);
      ctl[unit.slotWord(index, s, unit.MESSAGE)] = message.length;
      result = unit.FAILED;
    }
    this.holding = -1;
    Atomics.store(ctl, state, result);
    Atomics.notify(ctl, state);
  }

  loop() {
    const bell = unit.doorbell(this.index);
    for (;;) {
      const rung = Atomics.load(this.ctl, bell);
      const s = this.nextPosted();
      if (s >= 0) {
        this.work(s);
        continue;
      }
      // Spin a while before sleeping, so that a run of calls does not pay a
      // wake-up on each one (docs/performance-notes.md, "The pool").
      const until = performance.now() + this.spinMs;
      while (Atomics.load(this.ctl, bell) === rung && performance.now() < until);
      Atomics.wait(this.ctl, bell, rung);
    }
  }
}
