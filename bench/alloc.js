// Heap use over many calls of the functions a merkle tree calls in its inner
// loops, which must not allocate. Node-only (v8, vm, perf_hooks).
import v8 from "node:v8";
import vm from "node:vm";
import {pseudoRandomBytes} from "./cases.js";

export const allocMethod =
  "Heap: V8's used heap size (v8.getHeapStatistics) is read after a full GC and again after the calls, " +
  "with no GC forced in between; bytes/call = (that change + what the GCs V8 ran during the calls freed, " +
  "from v8.GCProfiler) / calls; retained/call = the change after another full GC; " +
  "GCs = collections during the calls. " +
  "A function that allocates nothing shows about 0 bytes/call and no GCs; digest64, " +
  "which returns a new array per call, is the control that shows allocation is seen.";

/** The global gc(), enabled at run time when node was not started with --expose-gc. */
export function gcFunction() {
  if (typeof globalThis.gc === "function") return globalThis.gc;
  v8.setFlagsFromString("--expose-gc");
  return vm.runInNewContext("gc");
}

function subjects(lib) {
  const msg = pseudoRandomBytes(64, 1);
  const left = msg.slice(0, 32);
  const right = msg.slice(32);
  const out = new Uint8Array(32);
  const a = lib.byteArrayToHashObject(msg, 0);
  const b = lib.byteArrayToHashObject(msg, 32);
  const obj = lib.byteArrayToHashObject(msg, 0);
  const four = pseudoRandomBytes(256, 2);
  const fourOut = new Uint8Array(128);
  return [
    ["digest64Into", () => lib.digest64Into(msg, out)],
    ["digest2Bytes32Into", () => lib.digest2Bytes32Into(left, right, out)],
    ["digest64HashObjectsInto", () => lib.digest64HashObjectsInto(a, b, obj)],
    ["hashInto (4 messages)", () => lib.hashInto(four, fourOut)],
    ["digest64 (control)", () => lib.digest64(msg)],
  ];
}

const usedHeap = () => v8.getHeapStatistics().used_heap_size;

/**
 * @param {{impl: string, lib: object}[]} libs  implementations of the as-sha256 API
 * @param {number} calls
 * @param {(fn: string, impl: string) => void} [onProgress]
 */
export function measureAlloc(libs, calls, onProgress = () => {}) {
  const gc = gcFunction();
  const rows = [];
  for (const {impl, lib} of libs) {
    for (const [fn, call] of subjects(lib)) {
      onProgress(fn, impl);
      for (let i = 0; i < 10000; i++) call();
      const profiler = new v8.GCProfiler();
      gc();
      const before = usedHeap();
      profiler.start();
      for (let i = 0; i < calls; i++) call();
      const {statistics} = profiler.stop();
      const after = usedHeap();
      gc();
      const retained = usedHeap();
      const freed = statistics.reduce(
        (n, s) => n + s.beforeGC.heapStatistics.usedHeapSize - s.afterGC.heapStatistics.usedHeapSize,
        0,
      );
      rows.push({
        fn,
        impl,
        calls,
        heapDeltaBytes: after - before,
        bytesPerCall: (after - before + freed) / calls,
        retainedBytesPerCall: (retained - before) / calls,
        gcCount: statistics.length,
      });
    }
  }
  return rows;
}
