// A/B runs on disk (lab/ab.js): two builds of the package timed side by side
// in one engine, saved with both commits, the engine and the CPU as
// bench/results/ab_<runtime>-<version>_<cpu>_<date>[_<label>].json.
import {commitOf} from "../bench/report/results-files.js";
import {resultsFileName} from "../bench/report/results.js";
import {grid} from "../bench/report/table.js";

/**
 * The document of an A/B run: `dirs` the two checkouts as given (a the old, b the new), `env` the engine
 * and machine (results-files.js environment()), `rows` compareBuilds()'s, with b's time over a's of the
 * bests and of the medians.
 */
export function abDocument({dirs, env, options, rows}) {
  const [a, b] = dirs.map((dir) => ({dir, commit: commitOf(dir)}));
  const withRatios = ({id, title, a, b, pairedRatio}) => ({id, title, a, b, ratioBest: b.bestNs / a.bestNs, ratioMedian: b.medianNs / a.medianNs, pairedRatio});
  return {kind: "ab", builds: {a, b}, env, options, rows: rows.map(withRatios)};
}

/** The name of an A/B run's file under bench/results/ where no --out gives one. */
export const abFileName = (env) => `ab_${resultsFileName(env)}`;

/**
 * A/B runs side by side as markdown: a row per case, a column per engine and CPU, each cell b over a
 * round by round (pairedRatio), one figure per run of that engine, in the order given.
 */
export function abTable(docs) {
  const engine = ({env}) => `${env.runtime} ${env.runtimeVersion}${Number.isInteger(env.cpuFamily) ? `, f${env.cpuFamily}m${env.cpuModel}` : ""}`;
  const engines = [...new Set(docs.map(engine))];
  const rows = docs.flatMap((d) => d.rows);
  const body = [...new Set(rows.map((r) => r.id))].map((id) => {
    const figures = (e) => docs.filter((d) => engine(d) === e).flatMap((d) => d.rows.filter((r) => r.id === id).map((r) => r.pairedRatio.toFixed(3)));
    return [rows.find((r) => r.id === id).title, ...engines.map((e) => figures(e).join(", ") || "–")];
  });
  return grid(["case", ...engines], body, true) + "\n";
}
