// Reading results files (bench/report/results.js makes and names them): the check
// that a loaded file is one, and what the comparison shows of it.
import {schema} from "../../report/results.js";

export function fail(message) {
  throw new Error(message);
}

/** A schema-1 file records its build otherwise, which the comparison does not read. */
const schemas = [1, schema];

/** Returns `data`, or throws saying why, in plain words, it is not a results file this page can show. */
export function checkResultsFile(data) {
  if (data === null || typeof data !== "object" || Array.isArray(data)) fail("it is not a results file, which is a JSON object");
  if (!schemas.includes(data.schema)) {
    fail(data.schema === undefined ? "it is not a results file: it has no schema" : `its schema is ${JSON.stringify(data.schema)}, and this page reads schemas ${schemas.join(" and ")}`);
  }
  if (data.env === null || typeof data.env !== "object") fail("it does not say where it was measured (no env)");
  if (!Array.isArray(data.results) || data.results.length === 0) fail("it holds no results");
  data.results.forEach((r, i) => {
    if (typeof r?.case !== "string" || typeof r?.impl !== "string") fail(`its result ${i + 1} names no case or implementation`);
    if (r.nsPerOp !== null && r.nsPerOp !== undefined && !(r.nsPerOp > 0)) fail(`its result ${i + 1} has a time of ${r.nsPerOp} ns`);
  });
  return data;
}

/** JSON.parse, rejecting where it throws. */
export const json = async (text) => JSON.parse(text);

/** The results file `text` holds, as checkResultsFile checks it. */
export const parseResultsFile = async (text) => checkResultsFile(await json(text).catch(() => fail("it is not JSON, as every results file is")));

/**
 * The speed-up of `row` over as-sha256 measured in the same file: the file's
 * own ratioVsAsSha256, or else computed from the two rows' ns/op.
 */
export function ratioVsAsSha256(file, row) {
  if (Number.isFinite(row.ratioVsAsSha256)) return row.ratioVsAsSha256;
  const ref = file.results.find((r) => r.case === row.case && r.impl === "as-sha256");
  return ref?.nsPerOp > 0 && row.nsPerOp > 0 ? ref.nsPerOp / row.nsPerOp : null;
}

/** The CPU, with its family and model where the file has them. */
export const describeCpu = (env) => `${env.cpu || "unknown CPU"}${Number.isInteger(env.cpuFamily) ? ` (family ${env.cpuFamily}, model ${env.cpuModel})` : ""}`;

/** The runtime and its major version. */
export const describeRuntime = (env) => `${env.runtime ?? "?"} ${String(env.runtimeVersion ?? "").split(".")[0]}`.trim();

/** A short name for a results file: runtime, CPU, label, date, and the file's name where neither family nor label tells it apart. */
export function describeEnv(env, fileName) {
  const name = Number.isInteger(env.cpuFamily) || env.label ? null : fileName;
  return [describeRuntime(env), describeCpu(env), env.label, String(env.date ?? "").slice(0, 10), name].filter(Boolean).join(" · ");
}
