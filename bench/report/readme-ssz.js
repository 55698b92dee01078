// The table of ssz's BeaconState workload (bench/ssz.js prints it), and the
// README's, from the newest ssz_*.json in bench/results/ whose modules are
// the committed ones.
import {cpuName} from "./readme-runs.js";
import {sameBuild} from "./results.js";
import {formatTime, grid} from "./table.js";

const ms = (x) => formatTime(x * 1e6);

export function sszSection(files, wasm) {
  const runs = files.filter(({name, doc}) => name.startsWith("ssz_") && sameBuild(doc.build, wasm) && !doc.options?.quick);
  if (runs.length === 0) return "No ssz_*.json file of the committed modules in `bench/results/`.";
  const {name, doc} = runs.sort((a, b) => (a.doc.env.date < b.doc.env.date ? 1 : -1))[0];
  return sszTable(doc, name);
}

/** A run's medians and bests per case and hasher, the pool's speed-up and hashtree's time over ours; `name`, its file under bench/results/. */
export function sszTable(doc, name) {
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
  return [
    `Node ${e.runtimeVersion}, ${cpuName(e)}, ${w.validators.toLocaleString("en")} validators of which ${w.modified.toLocaleString("en")} modified, ` +
      `median of ${doc.options.rounds} interleaved runs (best in brackets), each on a fresh state` +
      (name ? `; from [\`${name}\`](bench/results/${name}).` : "."),
    "",
    grid(head, body, true),
  ].join("\n");
}
