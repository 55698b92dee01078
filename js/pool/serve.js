// The loop of a sha256-simd/pool worker: it claims the units the caller posts
// into this worker's slots, does each with the unit function it was given, and
// reports through the slot's state. It never returns to its event loop after
// starting, so it takes no messages: everything goes through shared memory.
// js/pool-worker.js runs it with runUnit; a test can run it with another.
import {isNode} from "../core/engine.js";
import * as u from "./unit.js";


/**
 * Starts serving, with run(op, input, len, arg, out, scratch) as the unit
 * function; makeRun(data) makes it from the data the pool started the worker with.
 */
export async function serve(makeRun) {
  if (isNode) {
    // Not a literal specifier, so that bundlers building for browsers leave it alone.
    const name = "node:worker_threads";
    const {parentPort, workerData} = globalThis.process.getBuiltinModule?.(name) ?? (await import(name));
    const worker = new Worker(workerData, makeRun(workerData));
    // A worker that exits holding a unit (process.exit, an uncaught error)
    // marks it DEAD, so the caller redoes it at once.
    process.on("exit", () => worker.markDead());
    parentPort.postMessage("ready");
    worker.loop();
  } else {
    self.onmessage = (e) => {
      const worker = new Worker(e.data, makeRun(e.data));
      self.postMessage("ready");
      worker.loop();
    };
  }
}

class Worker {
  /** The state word of the slot being worked on, or -1. */
  holding = -1;
  scratch = new Uint8Array(u.SLOT_IN);
  encoder = new TextEncoder();

  constructor(data, run) {
    this.run = run;
    this.index = data.worker;
    this.spinMs = data.spinMs;
    this.ctl = new Int32Array(data.sab, 0, data.workers * u.CONTROL_WORDS);
    this.in = [];
    this.out = [];
    for (let s = 0; s < u.SLOTS; s++) {
      const at = u.slotOffset(data.workers, this.index, s);
      this.in.push(new Uint8Array(data.sab, at, u.SLOT_IN));
      this.out.push(new Uint8Array(data.sab, at + u.SLOT_IN, u.SLOT_OUT));
    }
  }

  markDead() {
    if (this.holding < 0) return;
    Atomics.store(this.ctl, this.holding, u.DEAD);
    Atomics.notify(this.ctl, this.holding);
  }

  /** The POSTED slot with the lowest sequence number, or -1. */
  nextPosted() {
    let best = -1;
    let bestSeq = 0;
    for (let s = 0; s < u.SLOTS; s++) {
      if (Atomics.load(this.ctl, u.slotWord(this.index, s, u.STATE)) !== u.POSTED) continue;
      const seq = this.ctl[u.slotWord(this.index, s, u.SEQ)];
      if (best < 0 || seq - bestSeq < 0) {
        best = s;
        bestSeq = seq;
      }
    }
    return best;
  }

  work(s) {
    const {ctl, index} = this;
    const state = u.slotWord(index, s, u.STATE);
    // The caller may have taken the unit back since nextPosted() saw it.
    if (Atomics.compareExchange(ctl, state, u.POSTED, u.CLAIMED) !== u.POSTED) return;
    this.holding = state;
    let result = u.DONE;
    try {
      const len = ctl[u.slotWord(index, s, u.LEN)];
      this.run(ctl[u.slotWord(index, s, u.OP)], this.in[s], len, ctl[u.slotWord(index, s, u.ARG)], this.out[s], this.scratch);
    } catch (e) {
      // encode() and a copy: Chromium's encodeInto() refuses shared memory.
      const message = this.encoder.encode(String(e?.message ?? e)).subarray(0, this.out[s].length);
      this.out[s].set(message);
      ctl[u.slotWord(index, s, u.MESSAGE)] = message.length;
      result = u.FAILED;
    }
    this.holding = -1;
    Atomics.store(ctl, state, result);
    Atomics.notify(ctl, state);
  }

  loop() {
    const bell = u.doorbell(this.index);
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
