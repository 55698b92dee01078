// Two builds of a wasm module side by side in one process, each export
// called directly (no JS API around it), in interleaved rounds: for the A/B
// measurements of a kernel change (docs/performance-notes.md).
//
//   node bench/compare-modules.js old.wasm new.wasm [--jsc]
//
// --jsc sets the SIMD module up as the loader does on JavaScriptCore
// (hash64_x4m, the scalar schedule). Prints each case's best and median
// ns per item, and new over old.
import {readFileSync} from "node:fs";
import {interleave} from "./interleave.js";

const [oldFile, newFile] = process.argv.slice(2).filter((a) => !a.startsWith("--"));
const jsc = process.argv.includes("--jsc");

function load(file) {
  const e = new WebAssembly.Instance(new WebAssembly.Module(readFileSync(file)), {}).exports;
  e._initialize();
  if (jsc) {
    // The switches' names before and after they moved to cpp/dispatch.h.
    (e.use_hash64_kernel ?? e.use_hash64_x4m)(1);
    (e.use_single_stream ?? e.use_scalar_schedule)(1);
  }
  const p = e.io_ptr();
  const io = new Uint8Array(e.memory.buffer, p, e.io_size());
  for (let i = 0; i < io.length; i++) io[i] = i * 7;
  return {e, p};
}

const builds = {old: load(oldFile), new: load(newFile)};
const cases = [
  ["hash64, 256 messages (per message)", ({e, p}) => e.hash64(p, p, 256), 256],
  ["hash64, 1 message", ({e, p}) => e.hash64(p, p, 1), 1],
  ["merkleize 1024 chunks (per hash)", ({e, p}) => e.merkleize(p, p, 1024, 0, 10), 1023],
  ["digest 1 KiB", ({e, p}) => e.digest(p, p, 1024), 1],
];
for (const [name, fn, per] of cases) {
  const t = interleave({old: () => fn(builds.old), new: () => fn(builds.new)}, {now: () => performance.now(), rounds: 15, ms: 60, per});
  const f = (x) => x.toFixed(1);
  console.log(
    `${name.padEnd(36)} old ${f(t.old.bestNs)} / ${f(t.old.medianNs)}   new ${f(t.new.bestNs)} / ${f(t.new.medianNs)}   new/old ${(t.new.bestNs / t.old.bestNs).toFixed(3)} / ${(t.new.medianNs / t.old.medianNs).toFixed(3)}`,
  );
}
