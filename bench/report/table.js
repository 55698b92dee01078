// Number formats and tables for results documents (results.js): the plain-text
// table of bench/node.js, the Markdown of bench/readme.js and the browser
// page's cells all use these. Environment-neutral.

const sig3 = (x) => (x >= 100 ? x.toFixed(0) : x >= 10 ? x.toFixed(1) : x.toFixed(2));

const missing = "–";

/** "12.3 ns", "1.00 µs", "456 ms": three significant figures in the largest unit below 1000. */
export function formatTime(ns) {
  if (!Number.isFinite(ns)) return missing;
  // 999.7 ns reads "1.00 µs", not "1000 ns".
  const [scale, unit] = [[1, "ns"], [1e3, "µs"], [1e6, "ms"]].find(([x]) => ns < 999.5 * x) ?? [1e9, "s"];
  return `${sig3(ns / scale)} ${unit}`;
}

/** Throughput in the case's natural unit: MB/s where it has one, else hashes or calls per second. */
export function formatRate(r) {
  if (Number.isFinite(r.mbPerSec)) return `${sig3(r.mbPerSec)} MB/s`;
  if (!Number.isFinite(r.opsPerSec)) return missing;
  const x = r.opsPerSec;
  const [v, prefix] = x >= 1e6 ? [x / 1e6, "M"] : x >= 1e3 ? [x / 1e3, "k"] : [x, ""];
  return `${sig3(v)}${prefix} ${r.unit}/s`;
}

export const formatRatio = (x) => (Number.isFinite(x) ? `${x.toFixed(2)}×` : missing);

/** How an implementation id of the results reads in the printed table: the package's own by its name. */
const implNames = {
  "ours-simd": "sha256-simd", "ours-js": "sha256-simd portable", "ours-one-shot": "sha256-simd hmac()",
  "ours-digest-loop": "sha256-simd digest() loop", "ours-digest-joined": "sha256-simd digest() joined", "node-crypto": "node:crypto",
};
export const implName = (id) => implNames[id] ?? id;

/**
 * A table: Markdown, or text padded into columns. `headings` maps a body row index to a line
 * printed above that row (text) or to the first cell of a leading column (Markdown).
 */
export function grid(head, body, markdown, headings = new Map()) {
  if (markdown) {
    const line = (cs) => `| ${cs.join(" | ")} |`;
    const lead = headings.size > 0;
    const h = lead ? ["case", ...head] : head;
    const rows = body.map((b, i) => (lead ? [headings.get(i) ?? "", ...b] : b));
    return [line(h), line(h.map(() => "---")), ...rows.map(line)].join("\n");
  }
  const widths = head.map((h, i) => Math.max(h.length, ...body.map((b) => b[i].length)));
  const line = (cs) => cs.map((c, i) => c.padEnd(widths[i])).join("  ").trimEnd();
  const out = [line(head), widths.map((w) => "-".repeat(w)).join("  ")];
  body.forEach((b, i) => {
    if (headings.has(i)) out.push(`${i === 0 ? "" : "\n"}${headings.get(i)}`);
    out.push(line(b));
  });
  return out.join("\n");
}

/**
 * A results document as bench/node.js prints it, or as Markdown: every row under its case's heading, then
 * what the columns, the portable build and each of `cases` (descriptions, peer notes) mean, and the rows that failed.
 */
export function formatResults(doc, cases, {markdown = false} = {}) {
  const item = markdown ? "- " : "";
  const e = doc.env;
  const out = [
    `${e.runtime} ${e.runtimeVersion}${e.v8 ? ` (V8 ${e.v8})` : ""}, ${e.cpu}, ${e.cores} cores, ${e.platform}/${e.arch}, ` +
      `${e.simd ? "wasm SIMD" : "no wasm SIMD"}, ${e.date}`,
    "",
    ...(doc.options.headline
      ? ["The headline cases only; `make bench-full` adds the other cases, the merkle hasher's, the thread pool's and those beyond as-sha256.", ""]
      : []),
    `${doc.options.rounds} interleaved rounds of ${doc.options.time} ms per implementation; ` +
      "best = fastest round's median, median = median round.",
    "",
  ];
  // Each case's rows under its heading, in the order the cases first appear.
  const byCase = new Map();
  for (const r of doc.results) byCase.set(r.case, [...(byCase.get(r.case) ?? []), r]);
  const body = [];
  const headings = new Map();
  for (const rows of byCase.values()) {
    headings.set(body.length, `${rows[0].title}, per ${rows[0].unit}`);
    for (const r of rows) {
      const check = r.correct ? (r.error ? "error" : "ok") : "WRONG";
      const times = [formatTime(r.nsPerOp), formatTime(r.nsPerOpMedian), formatRate(r)];
      body.push([implName(r.impl), check, ...times, formatRatio(r.ratioVsOurs), formatRatio(r.ratioVsAsSha256)]);
    }
  }
  out.push(
    grid(["implementation", "check", "best", "median", "rate", "t ÷ sha256-simd", "as-sha256 ÷ t"], body, markdown, headings),
    "",
    `${item}t ÷ sha256-simd: the implementation's best time over sha256-simd's (its SIMD modules where the runtime ` +
      "has wasm SIMD, else its portable build); above 1, sha256-simd is faster.",
    `${item}as-sha256 ÷ t: as-sha256's best time over the implementation's; above 1, it is faster than as-sha256.`,
    ...(doc.results.some((r) => r.impl === "ours-js")
      ? [`${item}sha256-simd portable: the package's portable build (plain JavaScript), which it runs where wasm SIMD is missing or refused.`]
      : []),
    "",
    ...cases.map((c) => `${item}${c.title}: ${c.description}.${c.peerNote ? ` Equivalent work: ${c.peerNote}.` : ""}`),
  );
  const failed = doc.results.filter((r) => !r.correct || r.error);
  if (failed.length) out.push("", ...failed.map((r) => `${item}${r.correct ? "ERROR" : "WRONG OUTPUT"}: ${r.title}, ${implName(r.impl)}: ${r.error}`));
  for (const n of doc.notes ?? []) out.push("", `Note: ${n}`);
  return out.join("\n") + "\n";
}
