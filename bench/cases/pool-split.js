// A reference for the pool's hashInto: what `threads` threads give on this
// machine with nothing coordinated. Each worker holds its fixed share of the
// messages in its own memory and spins for the go signal; the caller hashes its
// share, then spins until every worker is done (workers spin 1 ms for the next
// go, then sleep, as the pool's do). All digests land in one SharedArrayBuffer,
// checked like any contender's. The pool cannot beat this: it copies each share
// in and out of shared memory and splits the work as it goes. This over one
// thread is the machine's ceiling for the pool targets (on a shared VM two
// vCPUs can give well under 2x).
import {Worker, isMainThread, parentPort, workerData} from "node:worker_threads";
import {hashInto} from "sha256-simd";

const GO = 0;
const DONE = 1;

/**
 * Starts threads - 1 workers for hashInto of input (n 64-byte messages);
 * resolves to {impl, run, close}: run() hashes all n and returns the digests.
 */
export async function startSplit(threads, input) {
  const n = input.length / 64;
  const bounds = (t) => [Math.floor((n * t) / threads), Math.floor((n * (t + 1)) / threads)];
  const ctl = new Int32Array(new SharedArrayBuffer(4 * (1 + threads)));
  const out = new Uint8Array(new SharedArrayBuffer(32 * n));
  const workers = [];
  for (let t = 1; t < threads; t++) {
    const [from, to] = bounds(t);
    const w = new Worker(new URL(import.meta.url), {workerData: {ctl, out, t, from, input: input.slice(64 * from, 64 * to)}});
    w.unref();
    await new Promise((resolve, reject) => (w.once("message", resolve), w.once("error", reject)));
    workers.push(w);
  }
  const [from, to] = bounds(0);
  const mine = input.subarray(64 * from, 64 * to);
  const myOut = out.subarray(32 * from, 32 * to);
  let round = 0;
  return {
    impl: `split-${threads}`,
    run() {
      round++;
      Atomics.store(ctl, GO, round);
      Atomics.notify(ctl, GO);
      hashInto(mine, myOut);
      for (let t = 1; t < threads; t++) while (Atomics.load(ctl, DONE + t) !== round);
      return out;
    },
    close: () => Promise.all(workers.map((w) => w.terminate())),
  };
}

if (!isMainThread) {
  const {ctl, out, t, from, input} = workerData;
  const myOut = out.subarray(32 * from, 32 * from + input.length / 2);
  parentPort.postMessage("ready");
  for (let seen = 0; ; ) {
    // Spins between back-to-back runs, sleeps while other contenders run.
    const until = performance.now() + 1;
    while (Atomics.load(ctl, GO) === seen && performance.now() < until);
    Atomics.wait(ctl, GO, seen);
    seen = Atomics.load(ctl, GO);
    hashInto(input, myOut);
    Atomics.store(ctl, DONE + t, seen);
  }
}
