// Small DOM and number-formatting helpers shared by the page's views.

/** Creates an element: h("td", {className: "num"}, "1.5", otherNode). */
export function h(tag, props = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(props)) {
    if (value === undefined || value === null || value === false) continue;
    if (key.startsWith("data-") || key.startsWith("aria-")) node.setAttribute(key, value);
    else node[key] = value;
  }
  node.append(...children.flat().filter((c) => c !== undefined && c !== null && c !== false));
  return node;
}

/** Three significant digits, without exponent notation for ordinary sizes. */
function sig3(x) {
  if (x >= 100) return Math.round(x).toLocaleString("en-US");
  return x.toPrecision(3);
}

const missing = "—";

export function formatNs(ns) {
  if (!Number.isFinite(ns)) return missing;
  if (ns >= 1e6) return `${sig3(ns / 1e6)} ms`;
  if (ns >= 1e3) return `${sig3(ns / 1e3)} µs`;
  return `${sig3(ns)} ns`;
}

export function formatRate(perSec, unit) {
  if (!Number.isFinite(perSec)) return missing;
  for (const [scale, prefix] of [[1e9, "G"], [1e6, "M"], [1e3, "k"]]) {
    if (perSec >= scale) return `${sig3(perSec / scale)} ${prefix}${unit}`;
  }
  return `${sig3(perSec)} ${unit}`;
}

/** Throughput as the case's natural unit: MB/s where it has one, else ops/s. */
export function formatThroughput(row) {
  if (Number.isFinite(row.mbPerSec)) return `${sig3(row.mbPerSec)} MB/s`;
  return formatRate(row.opsPerSec, row.unit === "hash" ? "hash/s" : "op/s");
}

export function formatRatio(ratio) {
  return Number.isFinite(ratio) ? `${ratio >= 10 ? ratio.toFixed(1) : ratio.toFixed(2)}×` : missing;
}

export function formatMs(ms) {
  return ms >= 1 ? `${sig3(ms)} ms` : `${sig3(ms * 1000)} µs`;
}
