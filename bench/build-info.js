// What a results file measured: the commit of the sha256-simd checkout and the
// sha256 of its two wasm modules. The modules are hashed as the loader holds
// them (decoded from js/wasm-code.js), which `make check-wasm` keeps byte for
// byte equal to the committed wasm/*.wasm. Node API only; Deno and Bun
// provide it too.
import {execFileSync} from "node:child_process";
import {createHash} from "node:crypto";
import {createRequire} from "node:module";
import {dirname, join} from "node:path";
import {pathToFileURL} from "node:url";

/** The sha256-simd package's folder, found as a user's code would find it. */
export const packageDir = dirname(createRequire(import.meta.url).resolve("sha256-simd/package.json"));

export const sha256Hex = (bytes) => createHash("sha256").update(bytes).digest("hex");

/** {simdWasmSha256, scalarWasmSha256} of the modules the package loads. */
export async function moduleHashes() {
  const {simdWasm, scalarWasm, wasmBytes} = await import(pathToFileURL(join(packageDir, "js/wasm-code.js")).href);
  return {
    simdWasmSha256: sha256Hex(wasmBytes(simdWasm)),
    scalarWasmSha256: sha256Hex(wasmBytes(scalarWasm)),
  };
}

/** The checkout's commit, with "-dirty" where cpp/, js/ or wasm/ differ from it; null outside git. */
function commit() {
  const git = (...args) => execFileSync("git", ["-C", packageDir, ...args], {encoding: "utf8", stdio: ["ignore", "pipe", "ignore"]}).trim();
  try {
    const head = git("rev-parse", "HEAD");
    return git("status", "--porcelain", "--", "cpp", "js", "wasm") ? `${head}-dirty` : head;
  } catch {
    return null;
  }
}

/** The `build` entry of a results file. */
export async function buildInfo() {
  return {commit: commit(), ...(await moduleHashes())};
}
