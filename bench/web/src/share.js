// A run carried by a link, with no server: what the comparison needs of a
// results file (the environment, and per case and implementation its time,
// from which the speed-ups follow as the runner computes them), as JSON,
// deflated, in base64url, after "#run=" in the page's URL. compare.js also
// keeps what the user loaded across a reload in this form.
import {schema} from "../../report/results.js";
import {withRatios} from "../../timing/runner.js";
import {checkResultsFile, fail} from "./results-file.js";

const envKeys = ["runtime", "runtimeVersion", "cpu", "cpuFamily", "cpuModel", "label", "date", "cores", "platform", "arch"];
/** A full run's JSON is about 5 KB: a link that unpacks to more than this, or holds more results, is refused. */
const maxJson = 1 << 20;
const maxResults = 10_000;

const through = (bytes, stream) => new Response(new Blob([bytes]).stream().pipeThrough(stream));

/** The link's text for a results file (bench/web/README.md gives its length for a quick and a full run). */
export async function shareText({env, options, results}) {
  const cases = [...new Map(results.map((r) => [r.case, r.title ?? r.case]))];
  const impls = [...new Set(results.map((r) => r.impl))];
  // Per implementation, its time in each case to 4 significant figures; 0 where it has none.
  const time = (id, impl) => Number(results.find((r) => r.case === id && r.impl === impl)?.nsPerOp?.toPrecision(4) ?? 0);
  const times = impls.map((impl) => cases.map(([id]) => time(id, impl)));
  const json = JSON.stringify({env: Object.fromEntries(envKeys.map((k) => [k, env[k]])), quick: options?.quick === true, cases, impls, times});
  const bytes = new Uint8Array(await through(json, new CompressionStream("deflate-raw")).arrayBuffer());
  return btoa(String.fromCharCode(...bytes)).replaceAll("+", "-").replaceAll("/", "_").replace(/=+$/, "");
}

/** Its JSON, read no further than maxJson. */
async function unpack(text) {
  if (!/^[\w-]+$/.test(text)) fail("it is damaged: it holds characters a link of this page never has");
  let json = "";
  try {
    const bytes = Uint8Array.from(atob(text.replaceAll("-", "+").replaceAll("_", "/")), (c) => c.charCodeAt(0));
    const reader = through(bytes, new DecompressionStream("deflate-raw")).body.getReader();
    const decoder = new TextDecoder();
    for (let chunk; json.length <= maxJson && !(chunk = await reader.read()).done; ) json += decoder.decode(chunk.value, {stream: true});
    if (json.length <= maxJson) return JSON.parse(json);
  } catch {
    fail("it is damaged: its data does not unpack");
  }
  fail("it unpacks to more than a run holds");
}

/** The results file a link's text carries; throws saying why, in plain words, where it carries none. */
export async function readShared(text) {
  const {env, quick, cases, impls, times} = (await unpack(text)) ?? {};
  if (![cases, impls, times].every(Array.isArray)) fail("it is damaged: it lacks the cases, the implementations or their times");
  if (cases.length * impls.length > maxResults) fail("it holds more results than a run");
  const timed = (c) => impls.flatMap((impl, i) => (Number.isFinite(times[i]?.[c]) && times[i][c] > 0 ? [{case: cases[c]?.[0], title: cases[c]?.[1], impl, nsPerOp: times[i][c]}] : []));
  return checkResultsFile({schema, env, options: {quick: quick === true}, results: cases.flatMap((_, c) => withRatios(timed(c)))});
}
