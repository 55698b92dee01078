// One chart shape serves the run and the comparison: bars of speed-up over
// as-sha256 per case, one series per implementation or per results file, on
// a log axis (ratios run from about 0.05 to 1000). Each bar starts at 1× and
// goes up for faster than as-sha256, down for slower.
import {BarController, BarElement, CategoryScale, Chart, Legend, LogarithmicScale, Tooltip} from "chart.js";
import {formatRatio} from "../../report/table.js";

Chart.register(BarController, BarElement, CategoryScale, LogarithmicScale, Legend, Tooltip);

/** The 1× line, dashed and darker than the grid: bars start there. */
const atParity = (onLine, off) => (c) => (c.tick?.value === 1 ? onLine : off);

/** Labels the log axis at 1, 2 and 5 times powers of ten only. */
function isOneTwoFive(v) {
  const mantissa = v / 10 ** Math.floor(Math.log10(v) + 1e-9);
  return [1, 2, 5].some((m) => Math.abs(mantissa - m) < 1e-6);
}

/**
 * Draws (or redraws, replacing the last chart on `canvas`) grouped bars:
 * categories along x, one dataset per series {label, backgroundColor, values}.
 */
export function ratioChart(canvas, categories, series) {
  Chart.getChart(canvas)?.destroy();
  return new Chart(canvas, {
    type: "bar",
    data: {
      labels: categories,
      datasets: series.map(({values, ...dataset}) => ({...dataset, data: values.map((v) => (Number.isFinite(v) && v > 0 ? [1, v] : null))})),
    },
    options: {
      animation: false,
      maintainAspectRatio: false,
      interaction: {mode: "index", intersect: false},
      scales: {
        x: {ticks: {autoSkip: false, maxRotation: 50, minRotation: 30}},
        y: {
          type: "logarithmic",
          suggestedMin: 0.5,
          suggestedMax: 2,
          title: {display: true, text: "speed-up over @chainsafe/as-sha256 (×, log scale)"},
          ticks: {callback: (v) => (isOneTwoFive(v) ? `${v}×` : null)},
          grid: {color: atParity("#333", Chart.defaults.borderColor)},
          border: {dash: atParity([4, 4], [])},
        },
      },
      plugins: {
        tooltip: {callbacks: {label: (item) => `${item.dataset.label}: ${formatRatio(item.raw[1])}`}},
      },
    },
  });
}
