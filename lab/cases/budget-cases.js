// The per-call budget of the single-message functions (lab/budget.js): each
// call timed whole, and each of its steps timed alone in a loop of its own.
// A step alone can run faster than inside the call (the JIT may fuse steps),
// so the glue is what the whole call costs over the module's export.
// Environment-neutral: the package's internals (lab/internals.js) come in.
import * as asSha256 from "@chainsafe/as-sha256";
import {interleave} from "../../bench/timing/runner.js";

/** Calls per timed batch: enough that the clock's cost and step vanish in it. */
const N = 2000;
let sink = 0;

const bytes = (n, seed) => Uint8Array.from({length: n}, (_, i) => (i * 31 + seed) & 255);

/**
 * The calls, each {name, whole, steps, noPeer}: `whole(lib)` the fn of the public call on `lib`, ours
 * and, unless noPeer, as-sha256 for the ratio; `steps` {name: fn} each one part of it alone, as the
 * call runs it; every fn runs N times per batch. "call" is an export that does nothing (the JS -> wasm
 * call alone); "compress" is the module's export that does the hashing.
 */
function makeCalls({api, alloc: {digestOf}, check: {bytesLength}, hashObject: {readHashObject, writeHashObject}, io, loader: {core}}) {
  const {copySmall, ctxBytes, ctxPtr, ioBytes, ioDigest, ioPtr, ioWords} = io;
  const [data64, data32, b1, b2, out32] = [bytes(64, 1), bytes(32, 4), bytes(32, 2), bytes(32, 3), new Uint8Array(32)];
  const [o1, o2, oOut] = [5, 6, 7].map((seed) => api.byteArrayToHashObject(bytes(32, seed), 0));
  const [words, slab, context] = [new Int32Array(16), new ArrayBuffer(64 * 112), new Uint8Array(112)];
  const call = () => (sink += core.io_ptr());
  const hash64 = () => core.hash64_x1(ioPtr, ioPtr, 1);
  return [
    {
      name: "digest64",
      whole: (lib) => () => (sink += lib.digest64(data64)[0]),
      steps: {
        call,
        compress: hash64,
        "read and check": () => (sink += bytesLength(data64, "data", "digest64")),
        "copy in": () => copySmall(ioBytes, data64, 64),
        "make the result": () => (sink += digestOf(ioDigest)[0]),
      },
    },
    {
      name: "digest2Bytes32Into",
      whole: (lib) => () => lib.digest2Bytes32Into(b1, b2, out32),
      steps: {
        call,
        compress: hash64,
        "read and check": () => (sink += bytesLength(b1, "bytes1", "f") + bytesLength(b2, "bytes2", "f") + bytesLength(out32, "output", "f")),
        "copy in": () => {
          copySmall(ioBytes, b1, 32);
          copySmall(ioBytes, b2, 32, 32);
        },
        "copy out": () => copySmall(out32, ioDigest, 32),
      },
    },
    {
      name: "digest64HashObjectsInto",
      whole: (lib) => () => lib.digest64HashObjectsInto(o1, o2, oOut),
      steps: {
        call,
        compress: hash64,
        "read and check": () => {
          readHashObject(o1, words, 0, "obj1", "f");
          readHashObject(o2, words, 8, "obj2", "f");
        },
        "copy in": () => ioWords.set(words),
        "copy out": () => writeHashObject(ioWords, 0, oOut),
      },
    },
    {
      name: "digest, 32 B",
      whole: (lib) => () => (sink += lib.digest(data32)[0]),
      steps: {
        call,
        compress: () => core.digest(ioPtr, ioPtr, 32),
        "read and check": () => (sink += bytesLength(data32, "data", "digest")),
        "copy in": () => ioBytes.set(data32),
        "make the result": () => (sink += digestOf(ioDigest)[0]),
      },
    },
    {
      name: "new SHA256().init()",
      whole: (lib) => () => (sink += new lib.SHA256().init() === null ? 1 : 0),
      // as-sha256's constructor instantiates a module of its own: milliseconds.
      noPeer: true,
      // Where the object keeps its state: both ways of ENGINE_CHOICES' contexts row.
      steps: {
        call,
        compress: () => core.sha256_init(ctxPtr),
        "a context of its own": () => (sink += new Uint8Array(ctxBytes.length).length),
        "a context in a slab": () => (sink += new Uint8Array(slab, 112, ctxBytes.length).length),
        "copy out": () => context.set(ctxBytes),
      },
    },
  ];
}

const batch = (fn) => () => {
  for (let i = 0; i < N; i++) fn();
};

/**
 * Times every call and its steps in interleaved rounds, with `internals` as lab/internals.js gives them,
 * as markdown: each step's best and median ns per call and its share of the whole call's best; then the
 * compression alone, the glue (the whole call less the module's export) and as-sha256's time over it.
 */
export function budgetRun({internals, rounds = 9, ms = 40, filter}) {
  const f = (ns) => ns.toFixed(1);
  const lines = [];
  for (const c of makeCalls(internals)) {
    if (filter && !new RegExp(filter).test(c.name)) continue;
    const contenders = {"whole call": batch(c.whole(internals.api))};
    for (const [step, fn] of Object.entries(c.steps)) contenders[step] = batch(fn);
    if (!c.noPeer) contenders["as-sha256, the same call"] = batch(c.whole(asSha256));
    const t = interleave(contenders, {rounds, ms, per: N, warmup: 3});
    const {"whole call": whole, call, compress, "as-sha256, the same call": peer} = t;
    const row = (step, best, median) => lines.push(`| ${step} | ${f(best)} | ${f(median)} | ${((100 * best) / whole.bestNs).toFixed(0)}% |`);
    lines.push(`${c.name}\n`, "| step | best ns | median ns | share of the call (best) |", "| --- | --- | --- | --- |");
    for (const [step, r] of Object.entries(t)) row(step, r.bestNs, r.medianNs);
    row("compression alone (compress − call)", compress.bestNs - call.bestNs, compress.medianNs - call.medianNs);
    row("JS glue (whole call − compress)", whole.bestNs - compress.bestNs, whole.medianNs - compress.medianNs);
    if (peer) lines.push(`| as-sha256 ÷ whole call | ${(peer.bestNs / whole.bestNs).toFixed(2)} | ${(peer.medianNs / whole.medianNs).toFixed(2)} | |`);
    lines.push("");
  }
  return lines.join("\n") + (sink === 0.5 ? " " : "") + "\n";
}
