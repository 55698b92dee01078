// The portable backend against @noble/hashes, after a run: where WebAssembly
// is missing or refused, both are plain JavaScript, so noble is the peer that
// counts there, more than as-sha256 (wasm), which the other views measure against.
import {formatRatio, formatTime} from "../../table.js";
import {h} from "./dom.js";

/** A table of the run's cases where ours-js and noble were both timed, or null where none were. */
export function portableTable(rows) {
  const timed = (caseId, impl) => rows.find((r) => r.case === caseId && r.impl === impl && r.correct && r.nsPerOp > 0);
  const body = [];
  for (const caseId of new Set(rows.map((r) => r.case))) {
    const js = timed(caseId, "ours-js");
    const noble = timed(caseId, "noble");
    if (!js || !noble) continue;
    const ratio = noble.nsPerOp / js.nsPerOp;
    const ratioCell = h("td", {className: "num ratio"}, formatRatio(ratio));
    ratioCell.classList.toggle("faster", ratio > 1.05);
    ratioCell.classList.toggle("slower", ratio < 0.95);
    body.push(
      h(
        "tr",
        {"data-case": caseId},
        h("td", {}, js.title),
        h("td", {className: "num"}, formatTime(js.nsPerOp)),
        h("td", {className: "num"}, formatTime(noble.nsPerOp)),
        ratioCell,
      ),
    );
  }
  if (body.length === 0) return null;
  const head = h("tr", {}, ["Case", "sha256-simd (portable JS)", "@noble/hashes", "noble ÷ portable"].map((t) => h("th", {}, t)));
  const caption = h(
    "caption",
    {},
    "sha256-simd's portable backend (used where WebAssembly is missing or refused) against @noble/hashes: " +
      "ns/op, and noble's time over the portable backend's",
  );
  return h("table", {className: "results portable"}, caption, h("thead", {}, head), h("tbody", {}, body));
}
