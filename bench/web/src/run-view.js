// The run's live table, progress bar and, when the run is done, its chart.
import {ratioChart} from "./charts.js";
import {formatRate, formatRatio, formatTime} from "../../report/table.js";
import {$, h} from "./dom.js";
import {implColor, implLabel, implOrder} from "./impls.js";

// As bench/node.js's table: each time over sha256-simd's (the only ratio of
// the beyond-* cases, and the pool's against one thread), and as-sha256's
// time over each.
const columns = ["Implementation", "Output", "ns/op", "Throughput", "÷ sha256-simd", "vs as-sha256"];

/** The run's section of index.html: its table, progress line and chart. */
export function createRunView() {
  const [table, chartBox, chartCanvas, progress, status] = ["run-table", "run-chart-box", "run-chart", "progress", "status"].map($);
  const cells = new Map(); // "case|impl" -> {row, output, ns, rate, vsOurs, ratio}
  let cases = [];
  const rows = [];

  function plan(caseList) {
    cases = caseList;
    cells.clear();
    rows.length = 0;
    const el = h("table", {className: "results"}, h("thead", {}, h("tr", {}, columns.map((c) => h("th", {}, c)))));
    for (const c of cases) {
      const body = h(
        "tbody",
        {"data-case": c.id},
        h(
          "tr",
          {className: "case"},
          h(
            "th",
            {colSpan: columns.length},
            h("span", {className: "case-title"}, c.title),
            " ",
            h("span", {className: "case-desc"}, c.description, c.peerNote && `. ${c.peerNote[0].toUpperCase()}${c.peerNote.slice(1)}.`),
          ),
        ),
      );
      for (const impl of c.impls) {
        const cell = {
          output: h("td", {className: "mark"}, "…"),
          ns: h("td", {className: "num"}),
          rate: h("td", {className: "num"}),
          vsOurs: h("td", {className: "num vs-ours"}),
          ratio: h("td", {className: "num ratio"}),
        };
        cell.row = h(
          "tr",
          {"data-impl": impl},
          h("td", {}, h("span", {className: "swatch", style: `background:${implColor(impl)}`}), implLabel(impl)),
          cell.output,
          cell.ns,
          cell.rate,
          cell.vsOurs,
          cell.ratio,
        );
        cells.set(`${c.id}|${impl}`, cell);
        body.append(cell.row);
      }
      el.append(body);
    }
    table.replaceChildren(el);
    chartBox.hidden = true;
  }

  function marks(caseId, byImpl) {
    for (const [impl, mark] of Object.entries(byImpl)) {
      const cell = cells.get(`${caseId}|${impl}`);
      if (!cell) continue;
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
      if (!cell) continue;
      cell.ns.textContent = formatTime(r.nsPerOp);
      cell.rate.textContent = formatRate(r);
      cell.vsOurs.textContent = formatRatio(r.ratioVsOurs);
      cell.ratio.textContent = formatRatio(r.ratioVsAsSha256);
      cell.ratio.classList.toggle("faster", r.ratioVsAsSha256 > 1.05);
      cell.ratio.classList.toggle("slower", r.ratioVsAsSha256 < 0.95);
      if (r.error) cell.row.title = r.error;
    }
  }

  function showChart() {
    // as-sha256 is the 1× line itself.
    const impls = implOrder(new Set(rows.map((r) => r.impl))).filter((id) => id !== "as-sha256");
    const series = impls.map((impl) => ({
      label: implLabel(impl),
      color: implColor(impl),
      values: cases.map((c) => rows.find((r) => r.case === c.id && r.impl === impl)?.ratioVsAsSha256),
    }));
    chartBox.hidden = false;
    ratioChart(chartCanvas, cases.map((c) => c.title), series);
  }

  return {plan, marks, setProgress, caseRows, showChart, rows};
}
