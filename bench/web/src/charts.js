// One chart shape serves the run and the comparison: per case, a bar per
// series (an implementation, or a results file) of its speed-up over
// as-sha256 on a log scale, from the 1× line rightwards for faster and
// leftwards for slower. Plain elements (style.css), so that a phone's narrow
// screen reflows the chart and its figures are text.
import {formatRatio} from "../../report/table.js";
import {h, swatch} from "./dom.js";

/**
 * Bars stop here, their value written at their end: the constructor's
 * speed-up (near 1,000× as-sha256) would flatten the 1.5-2.5× differences
 * between the rest.
 */
export const cap = 20;

/** Fills `box` (and shows it): a legend, a row per category, a log axis labelled at 1, 2 and 5 times powers of ten. series: [{label, color, values}]. */
export function ratioChart(box, categories, series) {
  const all = series.flatMap((s) => s.values).filter((v) => v > 0);
  const [lo, hi] = [Math.min(0.5, ...all), Math.min(cap, Math.max(2, ...all))];
  const at = (v) => (100 * Math.log(Math.min(v, hi) / lo)) / Math.log(hi / lo); // % of the width
  const bar = (s, v) => {
    const style = `margin-left:${Math.min(at(v), at(1))}%;width:${Math.abs(at(v) - at(1))}%;background:${s.color}`;
    return v > 0 && h("div", {className: "bar", title: `${s.label}: ${formatRatio(v)}`, style}, v > cap ? formatRatio(v) : "");
  };
  const ticks = [];
  for (let ten = 10 ** Math.floor(Math.log10(lo)); ten <= hi; ten *= 10) ticks.push(...[1, 2, 5].map((m) => Number((m * ten).toPrecision(1))));
  box.style.setProperty("--one", `${at(1)}%`);
  box.replaceChildren(
    h("p", {}, series.map((s) => h("span", {className: "key"}, swatch(s.color), s.label))),
    ...categories.map((c, i) => h("div", {className: "bars"}, h("span", {}, c), h("div", {}, series.map((s) => bar(s, s.values[i]))))),
    h("div", {className: "bars"}, h("span", {}, "speed-up over as-sha256"), h("div", {className: "axis"}, ticks.filter((t) => t >= lo && t <= hi).map((t) => h("span", {style: `left:${at(t)}%`}, `${t}×`)))),
  );
  box.hidden = false;
}
