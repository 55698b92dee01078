// How each kind of consumer's build is run and checked, for run.js: each
// runner takes {dir, out, page, config} and resolves to {problems, pool},
// pool being what the "everything" page's pool got ("2 threads", or 1 and why).
import {execFile, spawn} from "node:child_process";
import {createHash, createHmac, hkdfSync, pbkdf2Sync} from "node:crypto";
import {existsSync, readFileSync, readdirSync, writeFileSync} from "node:fs";
import {join} from "node:path";
import {fileURLToPath, pathToFileURL} from "node:url";
import {promisify} from "node:util";
import {launchChromium, collectErrors} from "../support/chromium.js";
import {freePort, startServer} from "../support/serve.js";
import {node} from "./node-runner.js";
import {bytes as lcgBytes} from "./src/bytes.js";

const root = fileURLToPath(new URL("../..", import.meta.url));

/** What the pool column says, and the problems with it, from a check's {threads, noThreads}. */
function poolOutcome(result, config) {
  const pool = result.threads > 1 ? `${result.threads} threads` : `1 thread (${result.noThreads ?? "no reason given"})`;
  const problems = config.pool !== "none" && result.threads !== 2 ? [`the pool has ${pool}, not 2 threads`] : [];
  return {pool, problems};
}

/** The build's index.html on a cross-origin isolated page in headless Chromium. */
async function chromium({out, page, config}) {
  const server = await startServer({dir: out, isolate: true});
  const browser = await launchChromium();
  try {
    const tab = await browser.newPage();
    const errors = collectErrors(tab);
    // A page without an icon: the browser's request for one is no error of the build.
    await tab.route("**/favicon.ico", (route) => route.fulfill({status: 204}));
    await tab.goto(server.url);
    await tab.waitForFunction(() => globalThis.consumerResult !== undefined, null, {timeout: 60000});
    const result = await tab.evaluate(() => globalThis.consumerResult);
    const problems = [...errors, ...result.problems];
    if (page !== "all") return {problems};
    if (result.backend !== "simd") problems.push(`backend ${result.backend}, not simd`);
    const pool = poolOutcome(result, config);
    return {problems: [...problems, ...pool.problems], pool: pool.pool};
  } finally {
    await browser.close();
    await server.close();
  }
}

/** A binary of the fixture's own node_modules, else the repository's (its devDependencies). */
const binary = (dir, path) => [dir, root].map((d) => join(d, "node_modules", path)).find(existsSync) ?? path;

/** The build's scripts (.js, .mjs), and its .wasm files, as paths. */
function outFiles(out) {
  const files = readdirSync(out, {recursive: true}).map(String);
  return {scripts: files.filter((f) => /\.m?js$/.test(f)).map((f) => join(out, f)), wasm: files.filter((f) => f.endsWith(".wasm"))};
}

/** A RegExp that finds `text` in a script however a string literal of it is escaped (\xHH, \uHHHH, \u{H}, \n, a backslash before a quote). */
function literalPattern(text) {
  const short = {0: "0", 8: "b", 9: "t", 10: "n", 11: "v", 12: "f", 13: "r"};
  const one = (c) => {
    const code = c.charCodeAt(0);
    const h = code.toString(16);
    const ways = [`\\\\?${c.replace(/[\\^$.*+?()[\]{}|/]/g, "\\$&")}`, `\\\\x0*${h}`, `\\\\u0*${h}`, `\\\\u\\{0*${h}\\}`];
    if (short[code]) ways.push(`\\\\${short[code]}`);
    return `(?:${ways.join("|")})`;
  };
  return new RegExp(Array.from(text, one).join(""), "i");
}

/**
 * Where the installed package's embedded wasm (js/generated/*-wasm.js, each
 * a string of the module's bytes) is in the build: the first 200 characters
 * of each string, in any escaping, in any script; and any .wasm file.
 */
async function embeddedWasm(dir, out) {
  const generated = join(dir, "node_modules/sha256-simd/js/generated");
  const {scripts, wasm} = outFiles(out);
  const bundles = scripts.map((f) => readFileSync(f, "utf8"));
  const problems = wasm.map((f) => `the build has a .wasm file: ${f}`);
  const embedded = readdirSync(generated).filter((f) => f.endsWith("-wasm.js"));
  if (embedded.length === 0) problems.push(`no *-wasm.js in ${generated}: nothing to look for`);
  for (const name of embedded) {
    const {default: bytes} = await import(pathToFileURL(join(generated, name)).href);
    const pattern = literalPattern(bytes.slice(0, 200));
    // The pattern must find the string in its own file, or it proves nothing.
    if (!pattern.test(readFileSync(join(generated, name), "utf8"))) problems.push(`the search for ${name} does not find it in its own file`);
    if (bundles.some((b) => pattern.test(b))) problems.push(`the build has ${name}'s wasm bytes`);
  }
  return problems;
}


const sha = (data) => createHash("sha256").update(data).digest();
const hmacOf = (key, data) => createHmac("sha256", key).update(data).digest();
const hexOf = (b) => Buffer.from(b).toString("hex");
/** The 64-byte messages of `data`, hashed one by one, as one hex string. */
const hashEach = (data) => Array.from({length: data.length / 64}, (_, i) => hexOf(sha(data.subarray(64 * i, 64 * i + 64)))).join("");

/** The root of `chunks` (32-byte leaves) padded with zero chunks to 2^depth, level by level. */
function merkleRoot(chunks, depth) {
  let level = Array.from({length: 2 ** depth}, (_, i) => (32 * i < chunks.length ? chunks.subarray(32 * i, 32 * i + 32) : new Uint8Array(32)));
  while (level.length > 1) level = Array.from({length: level.length / 2}, (_, i) => sha(Buffer.concat([level[2 * i], level[2 * i + 1]])));
  return level[0];
}

/** What the Hermes pages (fixtures/metro/digest.js, all.js) print as outputs, from node:crypto: the digest page's, or everything's. */
function hermesExpected(page) {
  const o = {};
  for (const n of [0, 1, 55, 56, 64, 1000, 70000]) o[`digest of ${n} bytes`] = hexOf(sha(lcgBytes(n, n)));
  if (page !== "all") return o;
  const m64 = lcgBytes(64, 1);
  const d64 = hexOf(sha(m64));
  for (const name of ["digest64", "digest64Into", "digest2Bytes32", "digest2Bytes32Into", "digest64HashObjects", "digest64HashObjectsInto"]) o[name] = d64;
  o.byteArrayToHashObject = hexOf(m64.subarray(0, 32));
  o.byteArrayIntoHashObject = hexOf(m64.subarray(32));
  const four = [0, 1, 2, 3].map((i) => hexOf(sha(lcgBytes(64, 10 + i)))).join("");
  for (const name of ["batchHash4UintArray64s", "hash4Input64s", "batchHash4HashObjectInputs", "hash8HashObjects"]) o[name] = four;
  o.hashInto = hashEach(lcgBytes(64 * 300, 5));
  const long = lcgBytes(5000, 9);
  o["SHA256 streaming"] = hexOf(sha(long));
  const messages = [0, 3, 64, 200, 4096].map((n) => lcgBytes(n, n + 100));
  o.digestMany = o.digestManyInto = messages.map((m) => hexOf(sha(m))).join("");
  o.digestParts = hexOf(sha(Buffer.concat(messages)));
  const key = lcgBytes(80, 21);
  o.hmac = o["HMAC streaming"] = hexOf(hmacOf(key, long));
  const [ikm, salt, info] = [lcgBytes(22, 1), lcgBytes(13, 2), lcgBytes(10, 3)];
  o.hkdf = o.hkdfExpand = hexOf(hkdfSync("sha256", ikm, salt, info, 42));
  o.hkdfExtract = hexOf(hmacOf(salt, ikm));
  o.pbkdf2 = hexOf(pbkdf2Sync(lcgBytes(8, 4), salt, 1000, 40, "sha256"));
  o["allocUnsafe(32).length"] = "32";
  o["hasher.digest64"] = d64;
  o["hasher.merkleizeBlocksBytes"] = hexOf(merkleRoot(lcgBytes(32 * 100, 8), 7));
  o["hasher.digestNLevel"] = hexOf(merkleRoot(lcgBytes(128, 6), 2));
  const big = lcgBytes(64 * 4096, 11);
  o["pool.hashInto"] = hashEach(big);
  o["pool.digestMany"] = o.digestMany;
  o["pool.hasher.merkleizeBlocksBytes"] = hexOf(merkleRoot(big, 13));
  return o;
}

/**
 * The build's one script run by Hermes 0.12 (hermes-engine-cli), the engine
 * of React Native; it prints the page's outputs as JSON (Hermes has no
 * WebCrypto), compared here with node:crypto's. The everything page must be
 * on the portable backend with a pool of 1 thread that says why, and no
 * build may carry the package's wasm.
 */
async function hermes({dir, out, page}) {
  const problems = await embeddedWasm(dir, out);
  const {scripts} = outFiles(out);
  if (scripts.length !== 1) return {problems: [...problems, `${scripts.length} scripts in ${out}, not 1`]};
  let result;
  try {
    const {stdout} = await promisify(execFile)(binary(dir, "hermes-engine-cli/linux64-bin/hermes"), [scripts[0]], {timeout: 120000, maxBuffer: 64 << 20});
    result = JSON.parse(stdout);
  } catch (e) {
    return {problems: [...problems, `hermes: ${String(e.stderr || e.message).slice(-2000)}`]};
  }
  if (result.error) return {problems: [...problems, `the page threw: ${result.error}`]};
  const expected = hermesExpected(page);
  for (const name of new Set([...Object.keys(expected), ...Object.keys(result.outputs ?? {})])) {
    if (result.outputs?.[name] !== expected[name]) problems.push(name in expected ? `${name}: wrong or missing` : `${name}: not expected`);
  }
  if (page !== "all") return {problems};
  if (result.backend !== "js" || result.simdEnabled !== false) problems.push(`backend ${result.backend} (simdEnabled ${result.simdEnabled}), not js`);
  if (result.threads !== 1 || typeof result.noThreads !== "string" || result.noThreads === "") {
    problems.push(`createHashPool() gave ${result.threads} threads, noThreads ${JSON.stringify(result.noThreads)}: not 1 thread and a reason`);
  }
  return {problems, pool: `1 thread (${result.noThreads})`};
}

/**
 * The build (wrangler's outdir: one .js and the .wasm modules it imports)
 * served by workerd with the compatibility date and flags of the fixture's
 * wrangler.json; the Worker answers a fetch with src/check.js's result. The
 * everything Worker must be on the SIMD backend.
 */
async function workerd({dir, out, page, config}) {
  const {scripts, wasm} = outFiles(out);
  if (scripts.length !== 1) return {problems: [`${scripts.length} scripts in ${out}, not 1`]};
  const {compatibility_date: date, compatibility_flags: flags = []} = JSON.parse(readFileSync(join(dir, "wrangler.json"), "utf8"));
  const port = await freePort();
  const main = scripts[0].slice(out.length + 1);
  writeFileSync(
    join(out, "workerd.capnp"),
    `using Workerd = import "/workerd/workerd.capnp";
const config :Workerd.Config = (
  services = [(name = "main", worker = .worker)],
  sockets = [(name = "http", address = "127.0.0.1:${port}", http = (), service = "main")],
);
const worker :Workerd.Worker = (
  modules = [
    (name = ${JSON.stringify(main)}, esModule = embed ${JSON.stringify(main)}),
${wasm.map((m) => `    (name = ${JSON.stringify(m)}, wasm = embed ${JSON.stringify(m)}),`).join("\n")}
  ],
  compatibilityDate = ${JSON.stringify(date)},
  compatibilityFlags = ${JSON.stringify(flags)},
);
`,
  );
  const serve = spawn(binary(dir, ".bin/workerd"), ["serve", "workerd.capnp"], {cwd: out, stdio: ["ignore", "pipe", "pipe"]});
  let log = "";
  serve.stdout.on("data", (d) => (log += d));
  serve.stderr.on("data", (d) => (log += d));
  const exited = new Promise((done) => serve.on("exit", (code) => done(`workerd exited (${code})`)));
  try {
    const result = await answer(`http://127.0.0.1:${port}/`, exited);
    if (typeof result === "string") return {problems: [`${result}\n${log.slice(-2000)}`.trim()]};
    const problems = Array.isArray(result.problems) ? [...result.problems] : [`the Worker answered no problems list: ${JSON.stringify(result).slice(0, 500)}`];
    if (page !== "all") return {problems};
    if (result.backend !== "simd") problems.push(`backend ${result.backend}, not simd`);
    const pool = poolOutcome(result, config);
    return {problems: [...problems, ...pool.problems], pool: pool.pool};
  } finally {
    serve.kill();
  }
}

/** The JSON that url answers once workerd listens (bounded: 80 tries, 250 ms apart); or, as a string, why there is none. */
async function answer(url, exited) {
  let gone = null;
  exited.then((why) => (gone = why));
  for (let i = 0; i < 80 && gone === null; i++) {
    try {
      const res = await fetch(url);
      const text = await res.text();
      if (!res.ok) return `workerd answered ${res.status}: ${text}`;
      return JSON.parse(text);
    } catch (e) {
      if (e instanceof SyntaxError) return `workerd answered no JSON: ${e.message}`;
      await new Promise((done) => setTimeout(done, 250));
    }
  }
  return gone ?? `workerd did not answer at ${url}`;
}

/**
 * A type check (fixtures/tsc/typecheck.js), whose build is the check itself:
 * it fails on any error, so here only its results.json is read back.
 */
async function tsc({out}) {
  const file = join(out, "results.json");
  if (!existsSync(file)) return {problems: [`no ${file}`]};
  const results = JSON.parse(readFileSync(file, "utf8"));
  const problems = results.filter((r) => !r.ok).map((r) => `${r.name}: ${r.output}`);
  if (results.length === 0) problems.push("no check ran");
  return {problems};
}

export const runners = {node, chromium, hermes, workerd, tsc};
