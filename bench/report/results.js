// The results document (schema 2, bench/results/README.md) and its file name.
// Environment-neutral: the Node runner and the browser page both write it.

export const schema = 2;

/** Whether a results file's `build` measured exactly the modules `wasm` ({file name: sha256}); never a schema-1 build's, named otherwise. */
export function sameBuild(build, wasm) {
  const got = build?.wasm ?? {};
  const names = Object.keys(wasm);
  return names.length > 0 && Object.keys(got).length === names.length && names.every((n) => got[n] === wasm[n]);
}

/** "AMD EPYC 7763 64-Core Processor" -> "amd-epyc-7763"; "" -> "unknown-cpu". */
function cpuSlug(cpu) {
  const words = String(cpu ?? "")
    .toLowerCase()
    .replace(/\((r|tm)\)|@.*$/g, "")
    .split(/[^a-z0-9.]+/)
    .filter((w) => w && !/^(cpu|processor|\d+-core|with|radeon|graphics)$/.test(w));
  return words.slice(0, 3).join("-").replace(/\./g, "_") || "unknown-cpu";
}

/**
 * e.g. node-24.22.3_amd-epyc-f26m2_2026-12-02.json: with the CPU's family and model where the run
 * knew them (not a page opened by hand), since one model name covers several CPUs.
 */
export function resultsFileName(env) {
  const model = Number.isInteger(env.cpuFamily) && Number.isInteger(env.cpuModel) ? `-f${env.cpuFamily}m${env.cpuModel}` : "";
  const name = [`${env.runtime}-${env.runtimeVersion}`, cpuSlug(env.cpu) + model, env.date.slice(0, 10)];
  if (env.label) name.push(env.label);
  return name.map((p) => String(p).replace(/[^A-Za-z0-9._-]+/g, "-")).join("_") + ".json";
}

/**
 * The results document, its keys in bench/results/README.md's order: `build` what was measured, `env`
 * where, `options` those the run used, `results` runner.runCases's rows, `notes` e.g. an implementation
 * that could not be loaded.
 */
export function makeResults({build, env, options, results, notes = []}) {
  return {schema, build, env, options, results, notes};
}
