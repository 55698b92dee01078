// Reading results files (bench/report/results.js makes and names them): the check
// that a loaded file is one, and what the comparison shows of it.
import {schema} from "../../report/results.js";

function fail(message) {
  throw new Error(message);
}

/** A schema-1 file records its build otherwise, which the comparison does not read. */
const schemas = [1, schema];

/** Returns `data`, or throws saying why it is not a results file this page can show. */
export function checkResultsFile(data) {
  if (data === null || typeof data !== "object" || Array.isArray(data)) fail("not a JSON object");
  if (!schemas.includes(data.schema)) fail(`schema is ${JSON.stringify(data.schema)}, expected ${schemas.join(" or ")}`);
  if (data.env === null || typeof data.env !== "object") fail("no env object");
  if (!Array.isArray(data.results) || data.results.length === 0) fail("no results array");
  data.results.forEach((r, i) => {
    if (typeof r?.case !== "string" || typeof r?.impl !== "string") fail(`results[${i}] lacks case or impl`);
    if (r.nsPerOp !== null && r.nsPerOp !== undefined && !(r.nsPerOp > 0)) fail(`results[${i}].nsPerOp is ${r.nsPerOp}`);
  });
  return data;
}

/**
 * The speed-up of `row` over as-sha256 measured in the same file: the file's
 * own ratioVsAsSha256, or else computed from the two rows' ns/op.
 */
export function ratioVsAsSha256(file, row) {
  if (Number.isFinite(row.ratioVsAsSha256)) return row.ratioVsAsSha256;
  const ref = file.results.find((r) => r.case === row.case && r.impl === "as-sha256");
  return ref?.nsPerOp > 0 && row.nsPerOp > 0 ? ref.nsPerOp / row.nsPerOp : null;
}

/** A short name for a results file: runtime, major version, CPU, label, date. */
export function describeEnv(env) {
  const major = String(env.runtimeVersion ?? "").split(".")[0];
  const parts = [`${env.runtime ?? "?"} ${major}`.trim(), env.cpu || "unknown CPU", env.label, String(env.date ?? "").slice(0, 10)];
  return parts.filter(Boolean).join(" · ");
}
