// The beyond-as-sha256 cases (?beyond=1) after a run, as the README's table of
// bench/beyond.js shows them: per case, ours' time and each other contender's
// time over ours, best and median. as-sha256 has none of these functions, so
// the run's table, which measures against it, has no ratio for them.
import {formatRatio, formatTime} from "../../table.js";
import {h} from "./dom.js";
import {implLabel} from "./impls.js";

const isBeyond = (r) => r.case.startsWith("beyond-");
const isOurs = (impl) => /^ours-(simd|scalar|js)$/.test(impl);

/** Column headings short enough for seven columns; the run's table above has the long labels. */
const headings = {
  noble: "@noble/hashes",
  webcrypto: "WebCrypto",
  "ours one-shot": "hmac() one-shot",
  "ours digest loop": "digest() in a loop",
  "ours digest of the concatenation": "digest() of the concatenation",
};

/** A table of the run's beyond-* cases, or null where it had none. */
export function beyondTable(rows) {
  const mine = rows.filter(isBeyond);
  if (mine.length === 0) return null;
  const timed = (r) => r?.correct && r.nsPerOp > 0;
  // The peers first, then ours' other ways, as the README's table of bench/beyond.js has them.
  const rank = (impl) => (impl === "noble" ? 0 : impl === "webcrypto" ? 1 : 2);
  const others = [...new Set(mine.filter((r) => !isOurs(r.impl)).map((r) => r.impl))].sort((a, b) => rank(a) - rank(b));
  const body = [...new Set(mine.map((r) => r.case))].map((caseId) => {
    const of = mine.filter((r) => r.case === caseId);
    const ours = of.find((r) => isOurs(r.impl));
    const cells = others.map((impl) => {
      const r = of.find((x) => x.impl === impl);
      if (!timed(r) || !timed(ours)) return h("td", {className: "num ratio", "data-impl": impl}, formatRatio(null));
      const best = r.nsPerOp / ours.nsPerOp;
      const median = r.nsPerOpMedian / ours.nsPerOpMedian;
      const cell = h(
        "td",
        {className: "num ratio", "data-impl": impl, title: `${formatTime(r.nsPerOp)} per op, median ${formatTime(r.nsPerOpMedian)}`},
        formatRatio(best),
        h("span", {className: "median"}, ` (median ${formatRatio(median)})`),
      );
      cell.classList.toggle("faster", best > 1.05);
      cell.classList.toggle("slower", best < 0.95);
      return cell;
    });
    const oursCell = timed(ours)
      ? h("td", {className: "num"}, formatTime(ours.nsPerOp), h("span", {className: "median"}, ` (median ${formatTime(ours.nsPerOpMedian)})`))
      : h("td", {className: "num"}, formatRatio(null));
    return h("tr", {"data-case": caseId}, h("td", {}, of[0].title), oursCell, cells);
  });
  const oursImpl = mine.find((r) => isOurs(r.impl))?.impl;
  const head = h(
    "tr",
    {},
    h("th", {}, "Case"),
    h("th", {}, oursImpl ? implLabel(oursImpl) : "sha256-simd"),
    others.map((impl) => h("th", {title: implLabel(impl)}, `${headings[impl] ?? implLabel(impl)} ÷ ours`)),
  );
  const caption = h(
    "caption",
    {},
    "Beyond as-sha256 (HMAC, HKDF, PBKDF2, digestParts, digestMany): sha256-simd's time per op, and each other " +
      "contender's time over it, best round (below: median round), as bench/beyond.js measures them in Node",
  );
  return h("table", {className: "results beyond"}, caption, h("thead", {}, head), h("tbody", {}, body));
}
