// A worker of sha256-simd/pool: its own instance of the wasm module (loaded by
// importing the package), a loop that claims units the caller posts into this
// worker's slots, and nothing else. It never returns to its event loop after
// starting, so it takes no messages: everything goes through shared memory.
import * as u from "./pool-unit.js";

const isNode = typeof process === "object" && typeof process.versions?.node === "string";

let ctl;
let worker;
let spinMs;
let slotsIn;
let slotsOut;
const scratch = new Uint8Array(u.SLOT_IN);
const encoder = new TextEncoder();
/** The state word of the slot being worked on, or -1: marked DEAD if this worker exits. */
let holding = -1;

function markDead() {
  if (holding < 0) return;
  Atomics.store(ctl, holding, u.DEAD);
  Atomics.notify(ctl, holding);
}

function exitNow() {
  markDead();
  if (isNode) process.exit(1);
  self.close();
  throw new Error("worker closed");
}

/** The POSTED slot with the lowest sequence number, or -1. */
function nextPosted() {
  let best = -1;
  let bestSeq = 0;
  for (let s = 0; s < u.SLOTS; s++) {
    if (Atomics.load(ctl, u.slotWord(worker, s, u.STATE)) !== u.POSTED) continue;
    const seq = ctl[u.slotWord(worker, s, u.SEQ)];
    if (best < 0 || seq - bestSeq < 0) {
      best = s;
      bestSeq = seq;
    }
  }
  return best;
}

function work(s) {
  const state = u.slotWord(worker, s, u.STATE);
  // The caller may have taken the unit back since nextPosted() saw it.
  if (Atomics.compareExchange(ctl, state, u.POSTED, u.CLAIMED) !== u.POSTED) return;
  holding = state;
  const fault = Atomics.exchange(ctl, worker * u.CONTROL_WORDS + u.FAULT, 0);
  if (fault === u.FAULT_EXIT) exitNow();
  if (fault === u.FAULT_HANG) Atomics.wait(ctl, worker * u.CONTROL_WORDS + u.PARK, 0);
  if (fault === u.FAULT_STALL) Atomics.wait(ctl, worker * u.CONTROL_WORDS + u.PARK, 0, u.STALL_MS);
  let result = u.DONE;
  try {
    if (fault === u.FAULT_THROW) throw new Error("fault injected for a test");
    const len = ctl[u.slotWord(worker, s, u.LEN)];
    u.runUnit(ctl[u.slotWord(worker, s, u.OP)], slotsIn[s], len, ctl[u.slotWord(worker, s, u.ARG)], slotsOut[s], scratch);
  } catch (e) {
    // encode() and a copy: Chromium's encodeInto() refuses shared memory.
    const message = encoder.encode(String(e?.message ?? e)).subarray(0, slotsOut[s].length);
    slotsOut[s].set(message);
    ctl[u.slotWord(worker, s, u.ARG)] = message.length;
    result = u.FAILED;
  }
  holding = -1;
  Atomics.store(ctl, state, result);
  Atomics.notify(ctl, state);
}

function loop() {
  const doorbell = worker * u.CONTROL_WORDS + u.DOORBELL;
  for (;;) {
    const bell = Atomics.load(ctl, doorbell);
    const s = nextPosted();
    if (s >= 0) {
      work(s);
      continue;
    }
    // Spin a while before sleeping, so that a run of calls does not pay the
    // wake-up (10-45 us, and up to ms on a busy VM) on each one.
    const until = performance.now() + spinMs;
    while (Atomics.load(ctl, doorbell) === bell && performance.now() < until);
    Atomics.wait(ctl, doorbell, bell);
  }
}

function start(data) {
  ({worker, spinMs} = data);
  ctl = new Int32Array(data.sab, 0, data.workers * u.CONTROL_WORDS);
  slotsIn = [];
  slotsOut = [];
  for (let s = 0; s < u.SLOTS; s++) {
    const at = u.slotOffset(data.workers, worker, s);
    slotsIn.push(new Uint8Array(data.sab, at, u.SLOT_IN));
    slotsOut.push(new Uint8Array(data.sab, at + u.SLOT_IN, u.SLOT_OUT));
  }
}

if (isNode) {
  // Not a literal specifier, so that bundlers building for browsers leave it alone.
  const name = "node:worker_threads";
  const {parentPort, workerData} = globalThis.process.getBuiltinModule?.(name) ?? (await import(name));
  start(workerData);
  process.on("exit", markDead);
  parentPort.postMessage("ready");
  loop();
} else {
  self.onmessage = (e) => {
    start(e.data);
    self.postMessage("ready");
    loop();
  };
}
