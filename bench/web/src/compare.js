// Results files side by side: this run, the files committed under
// bench/results/ (listed at build time), and files the user loads or drops.
// Each figure is a speed-up over as-sha256 measured in the same file.
import committed from "bench-results-index";
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
  /** {key, file, source} in the order they were added. */
  const sets = [];
  let chosenImpl = "ours-simd";
  /** The committed files' checkboxes, by key, kept in step with `sets`. */
  const boxes = new Map();

  function notice(message) {
    notices.append(h("p", {}, message));
  }

  function add(key, file, source) {
    const existing = sets.findIndex((s) => s.key === key);
    if (existing >= 0) sets.splice(existing, 1, {key, file, source});
    else sets.push({key, file, source});
    render();
  }

  function remove(key) {
    const i = sets.findIndex((s) => s.key === key);
    if (i >= 0) sets.splice(i, 1);
    render();
  }

  async function loadFiles(files) {
    for (const f of files) {
      try {
        add(`file:${f.name}:${f.lastModified}`, checkResultsFile(JSON.parse(await f.text())), f.name);
      } catch (err) {
        notice(`Could not load ${f.name}: ${err.message}`);
      }
    }
  }

  function listCommitted() {
    if (committed.length === 0) {
      committedList.replaceChildren(h("p", {className: "muted"}, "No results files are committed under bench/results/ yet."));
      return;
    }
    const items = committed.map((entry) => {
      const box = h("input", {type: "checkbox"});
      boxes.set(entry.file, box);
      box.addEventListener("change", async () => {
        if (!box.checked) return remove(entry.file);
        try {
          const res = await fetch(entry.file);
          if (!res.ok) throw new Error(`HTTP ${res.status}`);
          add(entry.file, checkResultsFile(await res.json()), entry.file);
        } catch (err) {
          box.checked = false;
          notice(`Could not load ${entry.file}: ${err.message}`);
        }
      });
      return h("li", {}, h("label", {}, box, " ", describeEnv(entry.env), " ", h("span", {className: "muted"}, entry.file.replace(/^results\//, ""))));
    });
    committedList.replaceChildren(h("p", {}, "Committed results (bench/results/):"), h("ul", {}, items));
  }

  const setLabel = (s) => (s.key === "this run" ? `This run · ${describeEnv(s.file.env)}` : describeEnv(s.file.env));

  function caseList() {
    const seen = new Map();
    for (const {file} of sets) for (const r of file.results) if (!seen.has(r.case)) seen.set(r.case, r.title ?? r.case);
    return [...seen].map(([id, title]) => ({id, title}));
  }

  function fillImplSelect() {
    const impls = implOrder(new Set(sets.flatMap((s) => s.file.results.map((r) => r.impl)))).filter((id) => id !== "as-sha256");
    if (impls.length && !impls.includes(chosenImpl)) chosenImpl = impls[0];
    implSelect.replaceChildren(...impls.map((id) => h("option", {value: id, selected: id === chosenImpl}, implLabel(id))));
  }

  function render() {
    for (const [key, box] of boxes) box.checked = sets.some((s) => s.key === key);
    fillImplSelect();
    if (sets.length === 0) {
      table.replaceChildren(h("p", {className: "muted"}, "Run the benchmark, tick a committed file, or load results files to compare them here."));
      chartBox.hidden = true;
      return;
    }
    const cases = caseList();
    const rowOf = (set, caseId) => set.file.results.find((r) => r.case === caseId && r.impl === chosenImpl);
    const ratioAt = (set, caseId) => {
      const r = rowOf(set, caseId);
      return r ? ratioVsAsSha256(set.file, r) : null;
    };
    const head = h(
      "tr",
      {},
      h("th", {}, "Case"),
      sets.map((s) =>
        h(
          "th",
          {"data-set": s.key, title: `${s.source}\n${s.file.env.userAgent ?? ""}`.trim()},
          setLabel(s),
          h("button", {type: "button", className: "remove", title: "Remove from the comparison", "aria-label": "Remove", onclick: () => remove(s.key)}, "✕"),
        ),
      ),
    );
    const body = cases.map((c) =>
      h(
        "tr",
        {"data-case": c.id},
        h("td", {}, c.title),
        sets.map((s) => {
          const r = rowOf(s, c.id);
          return h("td", {className: "num ratio", title: r ? `${formatTime(r.nsPerOp)} per op` : ""}, formatRatio(ratioAt(s, c.id)));
        }),
      ),
    );
    const caption = h("caption", {}, `${implLabel(chosenImpl)}: speed-up over @chainsafe/as-sha256 on the same machine`);
    table.replaceChildren(h("table", {className: "results compare"}, caption, h("thead", {}, head), h("tbody", {}, body)));
    chartBox.hidden = false;
    const series = sets.map((s, i) => ({
      label: setLabel(s),
      color: palette[i % palette.length],
      values: cases.map((c) => ratioAt(s, c.id)),
    }));
    ratioChart(chartCanvas, cases.map((c) => c.title), series);
  }

  implSelect.addEventListener("change", () => {
    chosenImpl = implSelect.value;
    render();
  });
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
