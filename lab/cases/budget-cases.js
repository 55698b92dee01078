// The per-call budget of the single-message functions (lab/budget.js): each
// call timed whole, and each of its steps timed alone in a loop of its own,
// with the package's internals, which lab/internals.js imports and passes
// in. A step alone can run faster than inside the call (the JIT may fuse
// steps), so the glue is what the whole call costs over the module's
// export. Environment-neutral: the clock comes in.
import * as asSha256 from "@chainsafe/as-sha256";
import {interleave} from "../../bench/timing/runner.js";

/** Calls per timed batch: enough that the clock's cost and step vanish in it. */
const N = 2000;
let sink = 0;

const bytes = (n, seed) => Uint8Array.from({length: n}, (_, i) => (i * 31 + seed) & 255);

/**
 * The calls, each {name, whole, steps}: `whole` the public call, `steps`
 * {name: fn} each one part of it alone, as the call runs it, and `peer` the
 * same call on as-sha256, for the ratio; every fn runs N times per batch. "call" is an export that does nothing (the JS -> wasm
 * call alone); "compress" is the module's export that does the hashing.
 */
function makeCalls({api, alloc, check, hashObject: objects, io, loader}) {
  const {digestOf} = alloc;
  const {bytesLength} = check;
  const {readHashObject, writeHashObject} = objects;
  const {copySmall, ctxBytes, ctxPtr, ioBytes, ioDigest, ioPtr, ioWords} = io;
  const {core} = loader;
  const hashObject = (seed) => api.byteArrayToHashObject(bytes(32, seed), 0);
  const data64 = bytes(64, 1);
  const [b1, b2, out32] = [bytes(32, 2), bytes(32, 3), new Uint8Array(32)];
  const data32 = bytes(32, 4);
  const [o1, o2, oOut] = [hashObject(5), hashObject(6), hashObject(7)];
  const words = new Int32Array(16);
  const [slab, context] = [new ArrayBuffer(64 * 112), new Uint8Array(112)];
  const call = () => (sink += core.io_ptr());
  const hash64 = () => core.hash64_x1(ioPtr, ioPtr, 1);
  return [
    {
      name: "digest64",
      whole: () => (sink += api.digest64(data64)[0]),
      peer: () => (sink += asSha256.digest64(data64)[0]),
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
      whole: () => api.digest2Bytes32Into(b1, b2, out32),
      peer: () => asSha256.digest2Bytes32Into(b1, b2, out32),
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
      whole: () => api.digest64HashObjectsInto(o1, o2, oOut),
      peer: () => asSha256.digest64HashObjectsInto(o1, o2, oOut),
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
      whole: () => (sink += api.digest(data32)[0]),
      peer: () => (sink += asSha256.digest(data32)[0]),
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
      whole: () => (sink += new api.SHA256().init() === null ? 1 : 0),
      // as-sha256's constructor instantiates a module of its own: milliseconds.
      peer: null,
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
 * Times every call and its steps in interleaved rounds, with `internals` as
 * lab/internals.js gives them; returns
 * [{name, rows: [{step, bestNs, medianNs}]}], ns per call, the whole call first.
 */
export function runBudget({internals, now, rounds = 9, ms = 40, filter}) {
  const out = [];
  for (const c of makeCalls(internals)) {
    if (filter && !new RegExp(filter).test(c.name)) continue;
    const contenders = {"whole call": batch(c.whole)};
    for (const [step, fn] of Object.entries(c.steps)) contenders[step] = batch(fn);
    if (c.peer) contenders["as-sha256, the same call"] = batch(c.peer);
    interleave(contenders, {now, rounds: 3, ms, per: N}); // warm-up: every tier compiled
    const t = interleave(contenders, {now, rounds, ms, per: N});
    out.push({name: c.name, rows: Object.entries(t).map(([step, v]) => ({step, ...v}))});
  }
  return out;
}

/**
 * The budgets as markdown: each step's best and median ns and its share of
 * the whole call's best; then the glue, the whole call less the module's export.
 */
export function budgetTable(budgets) {
  const f = (ns) => ns.toFixed(1);
  const lines = [];
  for (const {name, rows} of budgets) {
    const whole = rows[0];
    const at = (step) => rows.find((r) => r.step === step);
    lines.push(`${name}\n`, "| step | best ns | median ns | share of the call (best) |", "| --- | --- | --- | --- |");
    for (const r of rows) lines.push(`| ${r.step} | ${f(r.bestNs)} | ${f(r.medianNs)} | ${((100 * r.bestNs) / whole.bestNs).toFixed(0)}% |`);
    const [call, compress] = [at("call"), at("compress")];
    const glue = whole.bestNs - compress.bestNs;
    lines.push(`| compression alone (compress − call) | ${f(compress.bestNs - call.bestNs)} | ${f(compress.medianNs - call.medianNs)} | ${((100 * (compress.bestNs - call.bestNs)) / whole.bestNs).toFixed(0)}% |`);
    lines.push(`| JS glue (whole call − compress) | ${f(glue)} | ${f(whole.medianNs - compress.medianNs)} | ${((100 * glue) / whole.bestNs).toFixed(0)}% |`);
    const peer = at("as-sha256, the same call");
    if (peer) lines.push(`| as-sha256 ÷ whole call | ${(peer.bestNs / whole.bestNs).toFixed(2)} | ${(peer.medianNs / whole.medianNs).toFixed(2)} | |`);
    lines.push("");
  }
  return lines.join("\n") + (sink === 0.5 ? " " : "") + "\n";
}

/** runBudget's tables, for lab/budget.js. */
export const budgetRun = (options) => budgetTable(runBudget(options));
