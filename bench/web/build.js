// Builds the benchmark page into a folder any static host can serve:
//
//   node bench/web/build.js [--out bench/web/dist] [--no-minify]
//
// The page and its worker import this package as "sha256-simd". They live
// inside the package, so esbuild resolves that name the way Node does for a
// package importing itself: through the "exports" map of the root
// package.json, the same entry a user's bundler reaches in node_modules.
import {copyFile, mkdir, readdir, readFile} from "node:fs/promises";
import {join, resolve} from "node:path";
import {fileURLToPath, pathToFileURL} from "node:url";
import * as esbuild from "esbuild";
import {parseArgs} from "./args.js";

const here = fileURLToPath(new URL(".", import.meta.url));
const srcDir = join(here, "src");
export const resultsDir = resolve(here, "../results");
export const defaultOutDir = join(here, "dist");

/** The committed results files, parsed, by file name. */
async function readResults() {
  const names = (await readdir(resultsDir).catch(() => [])).filter((n) => n.endsWith(".json")).sort();
  const files = [];
  for (const name of names) {
    const text = await readFile(join(resultsDir, name), "utf8");
    let data;
    try {
      data = JSON.parse(text);
    } catch (err) {
      throw new Error(`bench/results/${name}: ${err.message}`);
    }
    files.push({name, data});
  }
  return files;
}

/**
 * "bench-results-index": a module listing the committed results files with
 * the environment each was measured in; the page fetches a file when chosen.
 */
function resultsIndexPlugin(files) {
  return {
    name: "bench-results-index",
    setup(b) {
      b.onResolve({filter: /^bench-results-index$/}, (args) => ({path: args.path, namespace: "bench-results-index"}));
      b.onLoad({filter: /.*/, namespace: "bench-results-index"}, () => ({
        loader: "json",
        contents: JSON.stringify(files.map(({name, data}) => ({file: `results/${name}`, env: data.env ?? {}}))),
      }));
    },
  };
}

export async function build({outDir = defaultOutDir, minify = true} = {}) {
  const out = resolve(outDir);
  await mkdir(join(out, "results"), {recursive: true});
  const files = await readResults();
  await esbuild.build({
    entryPoints: {page: join(srcDir, "page.js"), worker: join(srcDir, "worker.js")},
    outdir: out,
    bundle: true,
    format: "esm",
    // The worker's dynamic import of the hasher cases becomes a chunk of its
    // own, so persistent-merkle-tree is fetched only by a run that asks for
    // them. Code the page and the worker share goes into chunks too: the
    // worker is a module worker, so it imports them as the page does.
    splitting: true,
    chunkNames: "chunks/[name]-[hash]",
    platform: "browser",
    target: "es2022",
    minify,
    sourcemap: "linked",
    legalComments: "linked",
    logLevel: "warning",
    plugins: [resultsIndexPlugin(files)],
  });
  for (const name of ["index.html", "style.css"]) await copyFile(join(srcDir, name), join(out, name));
  for (const {name} of files) await copyFile(join(resultsDir, name), join(out, "results", name));
  return out;
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  const args = parseArgs(process.argv.slice(2), {out: defaultOutDir, minify: true});
  build({outDir: args.out, minify: args.minify}).then(
    (out) => console.log(`Built the benchmark page into ${out}`),
    (err) => {
      console.error(err.message);
      process.exit(1);
    },
  );
}
