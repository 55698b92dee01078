// Results files on disk (Node API only; Deno and Bun provide it too): what a
// run measured and where, recorded as its `build` and `env`, writing them and
// reading the files under bench/results/; and what the scripts writing them share.
import {execFileSync} from "node:child_process";
import {createHash} from "node:crypto";
import {mkdirSync, readdirSync, readFileSync, writeFileSync} from "node:fs";
import {createRequire} from "node:module";
import os from "node:os";
import {dirname, join} from "node:path";
import {fileURLToPath, pathToFileURL} from "node:url";

export const resultsDir = fileURLToPath(new URL("../results", import.meta.url));

/** The sha256-simd package's folder, found as a user's code would find it. */
export const packageDir = dirname(createRequire(import.meta.url).resolve("sha256-simd/package.json"));

/** The sha256 of each wasm/*.wasm file by name: `make check-wasm` keeps them byte for byte what the loader embeds. */
export function wasmSha256() {
  const dir = join(packageDir, "wasm");
  const names = readdirSync(dir).filter((n) => n.endsWith(".wasm")).sort();
  return Object.fromEntries(names.map((n) => [n, createHash("sha256").update(readFileSync(join(dir, n))).digest("hex")]));
}

/** The commit of the checkout at `dir`, with "-dirty" where cpp/, js/ or wasm/ differ from it; null outside git. */
export function commitOf(dir) {
  const git = (...args) => execFileSync("git", ["-C", dir, ...args], {encoding: "utf8", stdio: ["ignore", "pipe", "ignore"]}).trim();
  try {
    const head = git("rev-parse", "HEAD");
    return git("status", "--porcelain", "--", "cpp", "js", "wasm") ? `${head}-dirty` : head;
  } catch {
    return null;
  }
}

/** The `build` entry of a results file: the commit and the modules measured. */
export const buildInfo = () => ({commit: commitOf(packageDir), wasm: wasmSha256()});

/** The x86 features the kernels' speed turns on, recorded where the CPU has them. */
const cpuFlagNames = ["sha_ni", "avx2", "avx512f", "avx512vl"];

/**
 * {cpuFamily, cpuModel, cpuFlags} of the first processor in /proc/cpuinfo's text, {} where it has no x86 family and model (an Arm CPU):
 * one model name covers several generations ("AMD EPYC"); family and model do not.
 */
export function parseCpuInfo(text) {
  const first = text.split(/\n\s*\n/)[0];
  const field = (name) => new RegExp(`^${name}\\s*:(.*)$`, "m").exec(first)?.[1].trim();
  const [cpuFamily, cpuModel] = [field("cpu family"), field("model")].map((v) => (/^\d+$/.test(v ?? "") ? Number(v) : null));
  if (cpuFamily === null || cpuModel === null) return {};
  const flags = new Set((field("flags") ?? "").split(/\s+/));
  return {cpuFamily, cpuModel, cpuFlags: cpuFlagNames.filter((f) => flags.has(f))};
}

/** This machine's CPU family, model and flags on Linux (node:fs, as in Deno and Bun); {} elsewhere. */
export function cpuDetails() {
  try {
    return process.platform === "linux" ? parseCpuInfo(readFileSync("/proc/cpuinfo", "utf8")) : {};
  } catch {
    return {};
  }
}

/** The server runtime running the benchmark: Deno and Bun report a Node-compatibility version in process.versions.node, so they are asked first. */
function thisRuntime() {
  return globalThis.Deno
    ? {runtime: "deno", runtimeVersion: Deno.version.deno, v8: Deno.version.v8}
    : globalThis.Bun
    ? {runtime: "bun", runtimeVersion: Bun.version, jsc: `WebKit ${process.versions.webkit}`}
    : {runtime: "node", runtimeVersion: process.versions.node, v8: process.versions.v8};
}

/** The runtime running the benchmark as a table's heading names it: "Node 24.22.3", "Bun 1.4.5", "Deno 2.9.6". */
export function runtimeName() {
  const {runtime, runtimeVersion} = thisRuntime();
  return `${runtime[0].toUpperCase()}${runtime.slice(1)} ${runtimeVersion}`;
}

/**
 * A results file's `env`: `runtime` (this server runtime, or an engine the run drove, as {runtime, runtimeVersion}), the machine (CPU, cores,
 * platform), then `extra` (simd, label) before the date.
 */
export function environment(extra, runtime = thisRuntime()) {
  const cpus = os.cpus();
  const cpu = cpus[0]?.model?.trim() || "unknown";
  const machine = {cpu, ...cpuDetails(), cores: os.availableParallelism?.() ?? cpus.length, platform: process.platform, arch: process.arch};
  return {...runtime, ...machine, ...extra, date: new Date().toISOString()};
}

/** Writes `doc` as JSON to `file`, its folder made where missing. */
export function writeJson(file, doc) {
  mkdirSync(dirname(file), {recursive: true});
  writeFileSync(file, JSON.stringify(doc, null, 2) + "\n");
}

/** The module `specifier`, or undefined where it does not load, saying so in `notes`: "`why` (the error's first line)". */
export async function tryImport(specifier, notes, why) {
  try {
    return await import(specifier);
  } catch (e) {
    notes.push(`${why} (${String(e?.message ?? e).split("\n")[0]})`);
  }
}

/** Runs `main` on the command line's arguments where `url` (a module's import.meta.url) is the script run; exit code 1 where it throws. */
export function runIfScript(url, main) {
  if (!process.argv[1] || url !== pathToFileURL(process.argv[1]).href) return;
  main(process.argv.slice(2)).catch((e) => {
    process.stderr.write(`${e?.stack ?? e}\n`);
    process.exitCode = 1;
  });
}

/** Every JSON file under `dir`, parsed, as [{name, doc}] in name order. */
export function readResults(dir = resultsDir) {
  return readdirSync(dir).filter((n) => n.endsWith(".json")).sort().map((name) => {
    try {
      return {name, doc: JSON.parse(readFileSync(join(dir, name), "utf8"))};
    } catch (err) {
      throw new Error(`${name}: ${err.message}`);
    }
  });
}
