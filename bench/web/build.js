// Builds the benchmark page into a folder any static host can serve. The page
// and its worker import the package as "sha256-simd", which esbuild finds in
// node_modules (the workspace's link to the repository root) and resolves
// through its "exports" map, as a user's bundler would.
//
//   node bench/web/build.js [--out bench/web/dist] [--no-minify]
import {copyFile, mkdir} from "node:fs/promises";
import {join, resolve} from "node:path";
import {parseArgs} from "node:util";
import * as esbuild from "esbuild";
import {buildInfo, readResults, resultsDir, runIfScript} from "../report/results-files.js";

const srcDir = join(import.meta.dirname, "src");
export const defaultOutDir = join(import.meta.dirname, "dist");

export async function build({outDir = defaultOutDir, minify = true} = {}) {
  const out = resolve(outDir);
  await mkdir(join(out, "results"), {recursive: true});
  // The results files of the page's format, with a schema (bench/node.js's
  // and the page's): bench/portable.js and bench/ssz.js write their own.
  const files = readResults().filter(({doc}) => typeof doc.schema === "number");
  await esbuild.build({
    bundle: true,
    format: "esm",
    platform: "browser",
    target: "es2022",
    minify,
    sourcemap: "linked",
    legalComments: "linked",
    logLevel: "warning",
    // The pool's worker script from the package's export, which src/pool-cases.js names by workerUrl.
    entryPoints: {page: join(srcDir, "page.js"), worker: join(srcDir, "worker.js"), "pool-worker": "sha256-simd/pool-worker.js"},
    absWorkingDir: srcDir,
    outdir: out,
    // The worker's dynamic imports of the hasher, pool and beyond-as-sha256 cases each
    // become a chunk of their own, so persistent-merkle-tree (or noble's HMAC, HKDF and
    // PBKDF2) is fetched only by a run that asks for them. Code the page and the worker
    // share goes into chunks too: a module worker imports them as the page does.
    splitting: true,
    chunkNames: "chunks/[name]-[hash]",
    // What the page knows from build time: the committed results files with each one's environment
    // (it fetches a file when chosen), and the build its results record: commit, bundled modules' sha256.
    define: {
      COMMITTED_RESULTS: JSON.stringify(files.map(({name, doc}) => ({file: `results/${name}`, env: doc.env ?? {}}))),
      BUILD_INFO: JSON.stringify(buildInfo()),
    },
  });
  for (const name of ["index.html", "style.css"]) await copyFile(join(srcDir, name), join(out, name));
  for (const {name} of files) await copyFile(join(resultsDir, name), join(out, "results", name));
  return out;
}

runIfScript(import.meta.url, async (argv) => {
  const options = {out: {type: "string", default: defaultOutDir}, minify: {type: "boolean", default: true}};
  const {values: args} = parseArgs({args: argv, allowNegative: true, options});
  console.log(`Built the benchmark page into ${await build({outDir: args.out, minify: args.minify})}`);
});
