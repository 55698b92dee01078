// A pool worker's loop: claims the units posted into its slots, runs each with
// the unit function it was given, and reports through the slot's state. It
// never returns to its event loop: everything goes through shared memory.
// js/pool/worker.js runs it with runUnit; a test can run it with another.
import {builtin, isNode} from "../core/engine.js";
import {POSTED, SLOT_IN, slotsOf} from "./slots.js";

/** @import {Slot} from "./slots.js" */

/**
 * What the pool starts a worker with (js/pool/workers.js): the shared
 * buffer, the count of workers and this one's index, how long it spins,
 * and the `data` of a worker script other than the package's.
 * @typedef {{sab: SharedArrayBuffer, workers: number, worker: number, spinMs: number, extra?: unknown}} WorkerData
 */

/**
 * A unit function: runUnit (js/pool/ops.js), or a test's.
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
    // marks it DEAD, so that the caller does it at once.
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

/** One worker's side of the shared buffer: its slots, and the one it works on. */
class UnitServer {
  /** @type {Slot | null} */
  holding = null;
  scratch = new Uint8Array(SLOT_IN);
  encoder = new TextEncoder();

  /**
   * @param {WorkerData} data
   * @param {RunUnit} run
   */
  constructor(data, run) {
    this.run = run;
    this.spinMs = data.spinMs;
    const {doorbell, slots} = slotsOf(data.sab, data.workers, data.worker);
    this.doorbell = doorbell;
    this.slots = slots;
  }

  markDead() {
    this.holding?.die();
  }

  /** The posted slot with the lowest sequence number, or null. */
  nextPosted() {
    /** @type {Slot | null} */
    let best = null;
    for (const slot of this.slots) {
      if (slot.state === POSTED && (best === null || slot.seq - best.seq < 0)) best = slot;
    }
    return best;
  }

  /** @param {Slot} slot */
  work(slot) {
    // The caller may have taken the unit back since nextPosted() saw it.
    if (!slot.claim()) return;
    this.holding = slot;
    try {
      this.run(slot.op, slot.input, slot.len, slot.arg, slot.output, this.scratch);
      this.holding = null;
      slot.finish();
    } catch (e) {
      this.holding = null;
      // encode() and a copy: Chromium's encodeInto() refuses shared memory.
      slot.fail(this.encoder.encode(String(e?.message ?? e)));
    }
  }

  loop() {
    for (;;) {
      const rung = this.doorbell.rung;
      const slot = this.nextPosted();
      if (slot !== null) this.work(slot);
      else this.doorbell.wait(rung, this.spinMs);
    }
  }
}
