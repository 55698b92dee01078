// The run's live table, progress bar and, when the run is done, its summary
// (each implementation's geometric mean speed-up over as-sha256) and chart.
import {ratioChart} from "./charts.js";
import {formatRate, formatRatio, formatTime} from "../../report/table.js";
import {$, h, swatch} from "./dom.js";
import {implColor, implLabel, implOrder} from "./impls.js";

// As bench/node.js's table: each time over sha256-simd's (the only ratio of
// the beyond-* cases, and the pool's against one thread), and as-sha256's
// time over each.
const columns = ["Implementation", "Output", "ns/op", "Throughput", "÷ sha256-simd", "vs as-sha256"];
/** The classes of a row's cells after the first, in the columns' order. */
const cellClasses = {output: "mark", ns: "num", rate: "num", vsOurs: "num vs-ours", ratio: "num ratio"};

/** The run's section of index.html: its table, progress line and chart. */
export function createRunView() {
  const [table, summary, chart, progress, status] = ["run-table", "run-summary", "run-chart", "progress", "status"].map($);
  const cells = new Map(); // "case|impl" -> {row, output, ns, rate, vsOurs, ratio}
  let cases = [];
  const rows = [];

  function plan(caseList) {
    cases = caseList;
    cells.clear();
    rows.length = 0;
    const el = h("table", {className: "results"}, h("thead", {}, h("tr", {}, columns.map((c) => h("th", {}, c)))));
    for (const c of cases) {
      const note = c.peerNote && `. ${c.peerNote[0].toUpperCase()}${c.peerNote.slice(1)}.`;
      const title = h("th", {colSpan: columns.length}, h("strong", {}, c.title), " ", h("span", {className: "note"}, c.description, note));
      const body = h("tbody", {"data-case": c.id}, h("tr", {className: "case"}, title));
      for (const impl of c.impls) {
        // data-label: the column's name, which a phone's card shows beside the figure (style.css).
        const cell = Object.fromEntries(Object.entries(cellClasses).map(([name, className], i) => [name, h("td", {className, "data-label": columns[i + 1]})]));
        cell.output.textContent = "…";
        cell.row = h("tr", {"data-impl": impl}, h("td", {}, swatch(implColor(impl)), implLabel(impl)), Object.values(cell));
        cells.set(`${c.id}|${impl}`, cell);
        body.append(cell.row);
      }
      el.append(body);
    }
    table.replaceChildren(el);
    summary.replaceChildren();
    chart.hidden = true;
  }

  function marks(caseId, byImpl) {
    for (const [impl, mark] of Object.entries(byImpl)) {
      const cell = cells.get(`${caseId}|${impl}`);
      cell.output.textContent = mark.correct ? "✓ correct" : "✗ wrong";
      cell.output.className = `mark ${mark.correct ? "ok" : "bad"}`;
      if (mark.error) cell.output.title = mark.error;
    }
  }

  function setProgress(fraction, text) {
    progress.value = fraction;
    status.textContent = text;
  }

  function caseRows(caseId, list) {
    rows.push(...list);
    for (const r of list) {
      const cell = cells.get(`${caseId}|${r.impl}`);
      cell.ns.textContent = formatTime(r.nsPerOp);
      cell.rate.textContent = formatRate(r);
      cell.vsOurs.textContent = formatRatio(r.ratioVsOurs);
      cell.ratio.textContent = formatRatio(r.ratioVsAsSha256);
      cell.ratio.classList.toggle("ok", r.ratioVsAsSha256 > 1.05);
      cell.ratio.classList.toggle("bad", r.ratioVsAsSha256 < 0.95);
      if (r.error) cell.row.title = r.error;
    }
  }

  function showChart() {
    // as-sha256 is the 1× line itself.
    const impls = implOrder(new Set(rows.map((r) => r.impl))).filter((id) => id !== "as-sha256");
    const means = impls.flatMap((impl) => {
      const logs = rows.filter((r) => r.impl === impl && r.ratioVsAsSha256 > 0).map((r) => Math.log(r.ratioVsAsSha256));
      if (logs.length === 0) return [];
      const mean = formatRatio(Math.exp(logs.reduce((a, b) => a + b) / logs.length));
      return [h("li", {}, swatch(implColor(impl)), `${implLabel(impl)}: ${mean} over ${logs.length} case${logs.length > 1 ? "s" : ""}`)];
    });
    summary.replaceChildren(...(means.length ? [h("p", {}, "Speed-up over @chainsafe/as-sha256, geometric mean over the cases:"), h("ul", {}, means)] : []));
    const series = impls.map((impl) => ({
      label: implLabel(impl),
      color: implColor(impl),
      values: cases.map((c) => rows.find((r) => r.case === c.id && r.impl === impl)?.ratioVsAsSha256),
    }));
    ratioChart(chart, cases.map((c) => c.title), series);
  }

  return {plan, marks, setProgress, caseRows, showChart, rows};
}
