// The README's table of ssz's BeaconState workload (bench/ssz.js), from the
// newest ssz_*.json in bench/results/ whose SIMD module is the committed one.
import {formatTime, grid} from "./table.js";

const ms = (x) => formatTime(x * 1e6);

export function sszSection(files, simdSha256) {
  const runs = files.filter(({name, doc}) => name.startsWith("ssz_") && doc.build?.simdWasmSha256 === simdSha256 && !doc.options?.quick);
  if (runs.length === 0) return "No ssz_*.json file of the committed module in `bench/results/`.";
  const {name, doc} = runs.sort((a, b) => (a.doc.env.date < b.doc.env.date ? 1 : -1))[0];
  const e = doc.env;
  const w = doc.workload;
  const ids = doc.hashers.map((h) => h.id);
  // As the README's other tables: the pool's speed-up over one thread, and a
  // peer's time over ours.
  const head = ["case", ...doc.hashers.map((h) => h.label), "pool's speed-up", "hashtree ÷ sha256-simd"];
  const body = Object.entries(doc.cases).map(([id, title]) => {
    const s = doc.summary[id];
    const ratio = (a, b) => (s[a] && s[b] ? `${(s[a].medianMs / s[b].medianMs).toFixed(2)}×` : "–");
    return [title, ...ids.map((h) => `${ms(s[h].medianMs)} (best ${ms(s[h].bestMs)})`), ratio("ours", "pool"), ratio("hashtree", "ours")];
  });
  const split = doc.split?.ours;
  return [
    `Node ${e.runtimeVersion}, ${e.cpu} (${e.cores} cores), ${w.validators.toLocaleString("en")} validators of which ${w.modified.toLocaleString("en")} modified, ` +
      `median of ${doc.options.rounds} interleaved runs (best in brackets), each on a fresh state; from [\`${name}\`](bench/results/${name}).`,
    "",
    grid(head, body, true),
    ...(split
      ? [
          "",
          `The hash step is ${w.hashStepNodes.toLocaleString("en")} nodes, ${split.hashStepNs.toFixed(0)} ns each on one thread: ` +
            `${split.packNs.toFixed(0)} ns to read a node's two children into words, ${split.applyNs.toFixed(0)} ns to apply its result, ` +
            `and ${split.restNs.toFixed(0)} ns of hashing.`,
        ]
      : []),
  ].join("\n");
}
