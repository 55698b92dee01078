// What each import of sha256-simd adds to an application's bundle, beside the
// peers' equivalents (test/support/bundle-sizes.js): prints the table and
// writes bench/results/sizes.json, which the README shows while its build is
// the committed modules. `make sizes` runs it.
//
//   node bench/sizes.js [--out FILE]
import {join} from "node:path";
import {fileURLToPath} from "node:url";
import {parseArgs} from "node:util";
import {PIECES, SIZE_CASES, bundleSize, esbuildVersion} from "sha256-simd-support/bundle-sizes.js";
import {sizesTable} from "./report/readme.js";
import {buildInfo, resultsDir, runIfScript, writeJson} from "./report/results-files.js";

/** bench/, a workspace that depends on the package: "sha256-simd" resolves here through its exports, as in an application. */
const resolveDir = fileURLToPath(new URL(".", import.meta.url));

/**
 * Measures every case's gzipped and minified bytes, and what of as-sha256's 17 names' gzipped bundle
 * each piece costs and the JavaScript glue (the bundle with every piece out); writes them with the
 * build, esbuild's version and the date to --out, and prints the table.
 */
export async function main(argv, {stdout = process.stdout} = {}) {
  const {values} = parseArgs({args: argv, options: {out: {type: "string", default: join(resultsDir, "sizes.json")}}});
  const cases = [];
  for (const c of SIZE_CASES) {
    const {gzip, minified} = await bundleSize(c, {resolveDir});
    const {contents, ...what} = c;
    cases.push({...what, gzip, minified});
  }
  const without = async (stubs) => (await bundleSize(SIZE_CASES.find((c) => c.id === "names"), {resolveDir, stubs})).gzip;
  const all = cases.find((c) => c.id === "names").gzip;
  const pieces = [];
  for (const {id, title} of PIECES) pieces.push({id, title, gzip: all - (await without(PIECES.filter((p) => p.id === id)))});
  pieces.push({id: "glue", title: "the JavaScript glue (with every piece above out)", gzip: await without(PIECES)});
  const doc = {build: buildInfo(), esbuild: esbuildVersion, date: new Date().toISOString(), cases, pieces};
  writeJson(values.out, doc);
  stdout.write(`Gzipped bytes, esbuild ${doc.esbuild}, bundled from bench/:\n\n${sizesTable(doc, false)}\n\nwritten to ${values.out}\n`);
  return doc;
}

runIfScript(import.meta.url, main);
