// Results files side by side: this run, the files committed under
// bench/results/ (COMMITTED_RESULTS, listed by build.js), and files the user
// loads or drops. Each figure is a speed-up over as-sha256 measured in the same file.
import {ratioChart} from "./charts.js";
import {formatRatio, formatTime} from "../../report/table.js";
import {$, h} from "./dom.js";
import {implLabel, implOrder} from "./impls.js";
import {checkResultsFile, describeEnv, ratioVsAsSha256} from "./results-file.js";

const palette = ["#1f77b4", "#ff7f0e", "#2ca02c", "#d62728", "#9467bd", "#8c564b", "#e377c2", "#17becf", "#bcbd22", "#7f7f7f"];

/** The comparison's section of index.html. */
export function createComparison() {
  const ids = ["committed", "drop", "load", "notices", "compare-impl", "compare-table", "compare-chart-box", "compare-chart"];
  const [committedList, dropZone, fileInput, notices, implSelect, table, chartBox, chartCanvas] = ids.map($);
  /** key -> {key, file, source}, in the order added: a file added again keeps its place. */
  const sets = new Map();

  function add(key, file, source) {
    sets.set(key, {key, file, source});
    render();
  }

  function remove(key) {
    sets.delete(key);
    render();
  }

  /** Adds the results file whose text read() resolves to under `key`, or says why it is not one. */
  async function load(key, name, read) {
    try {
      add(key, checkResultsFile(JSON.parse(await read())), name);
    } catch (err) {
      notices.append(h("p", {}, `Could not load ${name}: ${err.message}`));
    }
  }

  async function loadFiles(files) {
    for (const f of files) await load(`file:${f.name}:${f.lastModified}`, f.name, () => f.text());
  }

  function listCommitted() {
    if (COMMITTED_RESULTS.length === 0) {
      committedList.replaceChildren(h("p", {className: "muted"}, "No results files are committed under bench/results/ yet."));
      return;
    }
    const items = COMMITTED_RESULTS.map((entry) => {
      const box = h("input", {type: "checkbox", value: entry.file});
      box.addEventListener("change", async () => {
        if (!box.checked) return remove(entry.file);
        await load(entry.file, entry.file, async () => {
          const res = await fetch(entry.file);
          if (!res.ok) throw new Error(`HTTP ${res.status}`);
          return res.text();
        });
        box.checked = sets.has(entry.file);
      });
      return h("li", {}, h("label", {}, box, " ", describeEnv(entry.env), " ", h("span", {className: "muted"}, entry.file.replace(/^results\//, ""))));
    });
    committedList.replaceChildren(h("p", {}, "Committed results (bench/results/):"), h("ul", {}, items));
  }

  function render() {
    // The committed files' checkboxes follow `sets`, and the implementation chosen stays while the files have it.
    for (const box of committedList.querySelectorAll("input")) box.checked = sets.has(box.value);
    const list = [...sets.values()];
    const impls = implOrder(new Set(list.flatMap((s) => s.file.results.map((r) => r.impl)))).filter((id) => id !== "as-sha256");
    let chosenImpl = implSelect.value || "ours-simd";
    if (impls.length && !impls.includes(chosenImpl)) chosenImpl = impls[0];
    implSelect.replaceChildren(...impls.map((id) => h("option", {value: id, selected: id === chosenImpl}, implLabel(id))));
    chartBox.hidden = list.length === 0;
    if (list.length === 0) {
      table.replaceChildren(h("p", {className: "muted"}, "Run the benchmark, tick a committed file, or load results files to compare them here."));
      return;
    }
    // Every case of any file, by id, in the order first seen; then each file's row of the chosen implementation per case.
    const titles = new Map();
    for (const s of list) for (const r of s.file.results) if (!titles.has(r.case)) titles.set(r.case, r.title ?? r.case);
    const grid = [...titles.keys()].map((id) => list.map((s) => s.file.results.find((r) => r.case === id && r.impl === chosenImpl)));
    const ratio = (row, i) => (row ? ratioVsAsSha256(list[i].file, row) : null);
    const label = (s) => (s.key === "this run" ? `This run · ${describeEnv(s.file.env)}` : describeEnv(s.file.env));
    const headers = list.map((s) => {
      const button = h("button", {type: "button", className: "remove", title: "Remove from the comparison", "aria-label": "Remove"}, "✕");
      button.onclick = () => remove(s.key);
      return h("th", {"data-set": s.key, title: `${s.source}\n${s.file.env.userAgent ?? ""}`.trim()}, label(s), button);
    });
    const cell = (r, i) => h("td", {className: "num ratio", title: r ? `${formatTime(r.nsPerOp)} per op` : ""}, formatRatio(ratio(r, i)));
    const body = [...titles].map(([id, title], c) => h("tr", {"data-case": id}, h("td", {}, title), grid[c].map(cell)));
    const caption = h("caption", {}, `${implLabel(chosenImpl)}: speed-up over @chainsafe/as-sha256 on the same machine`);
    table.replaceChildren(h("table", {className: "results compare"}, caption, h("thead", {}, h("tr", {}, h("th", {}, "Case"), headers)), h("tbody", {}, body)));
    const series = list.map((s, i) => ({label: label(s), backgroundColor: palette[i % palette.length], values: grid.map((row) => ratio(row[i], i))}));
    ratioChart(chartCanvas, [...titles.values()], series);
  }

  implSelect.addEventListener("change", render);
  fileInput.addEventListener("change", () => loadFiles([...fileInput.files]).then(() => (fileInput.value = "")));
  // The whole page takes drops, so a file dropped beside the zone is not opened by the browser.
  document.addEventListener("dragover", (e) => {
    e.preventDefault();
    dropZone.classList.add("over");
  });
  document.addEventListener("dragleave", (e) => {
    if (e.relatedTarget === null) dropZone.classList.remove("over");
  });
  document.addEventListener("drop", (e) => {
    e.preventDefault();
    dropZone.classList.remove("over");
    loadFiles([...(e.dataTransfer?.files ?? [])]);
  });

  listCommitted();
  render();
  return {add, render};
}
