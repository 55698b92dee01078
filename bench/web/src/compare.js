// Results files side by side: this run, the files committed under
// bench/results/ (COMMITTED_RESULTS, listed by build.js), files the user
// loads or drops, and a run shared by a link (share.js). Each figure is a
// speed-up over as-sha256 measured in the same file. What the user loaded
// survives a reload (localStorage).
import {implIds} from "../../cases/common.js";
import {ratioChart} from "./charts.js";
import {formatRatio, formatTime} from "../../report/table.js";
import {$, h} from "./dom.js";
import {implLabel, implOrder} from "./impls.js";
import {describeCpu, describeEnv, describeRuntime, fail, json, parseResultsFile, ratioVsAsSha256} from "./results-file.js";
import {readShared, shareText} from "./share.js";

const palette = ["#1f77b4", "#ff7f0e", "#2ca02c", "#d62728", "#9467bd", "#8c564b", "#e377c2", "#17becf", "#bcbd22", "#7f7f7f"];
const stored = "sha256-simd-bench.compared";
/** One run, wherever it came from: this run and its own download are one column. */
const runKey = (env) => [env.runtime, env.runtimeVersion, env.date, env.cpu, env.label].join("|");
const byDate = (a, b) => String(b.env.date).localeCompare(String(a.env.date));

/** The comparison's section of index.html. */
export function createComparison() {
  const ids = ["committed", "drop", "load", "notices", "compare-impl", "compare-table", "compare-chart"];
  const [committedList, dropZone, fileInput, notices, implSelect, table, chart] = ids.map($);
  /** key -> {file, name, kept}, in the order added; `kept` is what localStorage keeps of it. */
  const sets = new Map();

  /** Shows `sets`, and keeps them for the next load. */
  function changed() {
    render();
    localStorage.setItem(stored, JSON.stringify([...sets.values()].flatMap((s) => s.kept ?? [])));
  }

  /** Adds the file, unless its run is there already; `kept`: the committed file's path, or else its link's text. */
  async function add(file, name, kept) {
    const key = runKey(file.env);
    if (sets.has(key)) return;
    sets.set(key, {file, name, kept: kept ?? (name === "this run" ? null : {name, text: await shareText(file)})});
    changed();
  }

  function remove(key) {
    sets.delete(key);
    changed();
  }

  /** Adds the results file read() resolves to, or says why it is not one. */
  async function load(name, read, kept) {
    try {
      await add(await read(), name, kept);
    } catch (err) {
      notices.append(h("p", {}, `Could not load ${name}: ${err.message}.`));
    }
  }

  async function loadFiles(files) {
    for (const f of files) await load(f.name, async () => parseResultsFile(await f.text()));
  }

  const loadCommitted = (file) =>
    load(file.replace(/^results\//, ""), async () => {
      const res = await fetch(file);
      if (!res.ok) fail(`the server answered ${res.status}`);
      return parseResultsFile(await res.text());
    }, {committed: file});

  /** A group per CPU, newest first: in each, the newest file per engine and label (pool, beyond), the older ones folded. */
  function listCommitted() {
    const groups = new Map();
    const offered = new Set();
    for (const entry of [...COMMITTED_RESULTS].sort(byDate)) {
      const {env} = entry;
      const box = h("input", {type: "checkbox", value: runKey(env)});
      box.onchange = () => (box.checked ? loadCommitted(entry.file) : remove(box.value));
      const what = [describeRuntime(env), env.label, String(env.date).slice(0, 10)].filter(Boolean).join(" · ");
      const item = h("li", {}, h("label", {title: entry.file.replace(/^results\//, "")}, box, " ", what));
      const cpu = describeCpu(env);
      if (!groups.has(cpu)) groups.set(cpu, [h("ul"), h("ul")]);
      const [newest, older] = groups.get(cpu);
      const kind = `${cpu}|${describeRuntime(env)}|${env.label}`;
      (offered.has(kind) ? older : newest).append(item);
      offered.add(kind);
    }
    const folded = (older) => older.children.length > 0 && h("details", {}, h("summary", {}, `${older.children.length} older`), older);
    const items = [...groups].map(([cpu, [newest, older]]) => h("li", {}, h("strong", {}, cpu), newest, folded(older)));
    const filter = h("input", {type: "search", placeholder: "filter: firefox, xeon, pool…", "aria-label": "Filter the committed results"});
    filter.oninput = () => items.forEach((li) => (li.hidden = !li.textContent.toLowerCase().includes(filter.value.trim().toLowerCase())));
    committedList.replaceChildren(h("p", {}, `Committed results (bench/results/), ${COMMITTED_RESULTS.length} files: `, filter), h("ul", {}, items));
  }

  /** The file's name only for a file: not this run, nor a shared link. */
  const label = (s) => (s.name === "this run" ? "This run · " : "") + describeEnv(s.file.env, s.name.endsWith(".json") ? s.name : null) + (s.file.options?.quick ? " · quick run" : "");

  function render() {
    // The committed files' checkboxes follow `sets`, and the implementation chosen stays while the files have it.
    for (const box of committedList.querySelectorAll("input[type=checkbox]")) box.checked = sets.has(box.value);
    const list = [...sets.entries()].map(([key, s]) => ({key, ...s}));
    const impls = implOrder(new Set(list.length ? list.flatMap((s) => s.file.results.map((r) => r.impl)) : implIds)).filter((id) => id !== "as-sha256");
    let chosenImpl = implSelect.value || "ours-simd";
    if (!impls.includes(chosenImpl)) chosenImpl = impls[0];
    implSelect.replaceChildren(...impls.map((id) => h("option", {value: id, selected: id === chosenImpl}, implLabel(id))));
    chart.hidden = list.length === 0;
    if (list.length === 0) {
      table.replaceChildren(h("p", {className: "muted"}, "Run the benchmark, tick a committed file, open a shared link or load results files to compare them here."));
      return;
    }
    // Every case of any file, by id, in the order first seen; then each file's row of the chosen implementation per case.
    const titles = new Map();
    for (const s of list) for (const r of s.file.results) if (!titles.has(r.case)) titles.set(r.case, r.title ?? r.case);
    const grid = [...titles.keys()].map((id) => list.map((s) => s.file.results.find((r) => r.case === id && r.impl === chosenImpl)));
    const ratio = (row, i) => (row ? ratioVsAsSha256(list[i].file, row) : null);
    const labels = list.map(label);
    const headers = list.map((s, i) => {
      const button = h("button", {type: "button", className: "remove", title: "Remove from the comparison", "aria-label": "Remove"}, "✕");
      button.onclick = () => remove(s.key);
      return h("th", {"data-set": s.key, title: `${s.name}\n${s.file.env.userAgent ?? ""}`.trim()}, labels[i], button);
    });
    const cell = (r, i) => h("td", {className: "num ratio", "data-label": labels[i], title: r ? `${formatTime(r.nsPerOp)} per op` : ""}, formatRatio(ratio(r, i)));
    const body = [...titles].map(([id, title], c) => h("tr", {"data-case": id}, h("td", {}, title), grid[c].map(cell)));
    const caption = h("caption", {}, `${implLabel(chosenImpl)}: speed-up over @chainsafe/as-sha256 on the same machine`);
    table.replaceChildren(h("table", {className: "results compare"}, caption, h("thead", {}, h("tr", {}, h("th", {}, "Case"), headers)), h("tbody", {}, body)));
    const series = list.map((s, i) => ({label: labels[i], color: palette[i % palette.length], values: grid.map((row) => ratio(row[i], i))}));
    ratioChart(chart, [...titles.values()], series);
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
  // The run the URL's fragment carries, also where a link is opened in the open page.
  const loadShared = () => location.hash.startsWith("#run=") && load("the shared link", () => readShared(location.hash.slice(5)));
  addEventListener("hashchange", loadShared);
  // What was loaded before the reload, in its order, then the link's run.
  (async () => {
    const kept = await json(localStorage.getItem(stored) ?? "[]").catch(() => []);
    for (const k of Array.isArray(kept) ? kept : []) await (k?.committed ? loadCommitted(k.committed) : load(k?.name, () => readShared(k?.text), k));
    await loadShared();
  })();
  return {add, render};
}
