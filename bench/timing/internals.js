// The package's internal modules that bench/budget.js and bench/choices.js
// time (its checks, copies, module exports and 4-lane shape), found from the
// installed package's folder: bench/ imports the package by its exports
// alone, so these come by path at run time, as bench/compare-modules.js
// loads a build, never by a static import.
import {join} from "node:path";
import {pathToFileURL} from "node:url";
import {packageDir} from "../report/results-files.js";

/** The modules, by the name the cases use, and their paths in the package. */
const modules = {
  api: "js/index.js",
  alloc: "js/core/alloc.js",
  check: "js/core/check.js",
  engine: "js/core/engine.js",
  hashObject: "js/core/hashObject.js",
  io: "js/core/io.js",
  lanes: "js/core/lanes.js",
  loader: "js/core/loader.js",
};

/** Each module's file URL. */
const urls = Object.fromEntries(Object.entries(modules).map(([name, path]) => [name, pathToFileURL(join(packageDir, path)).href]));

/** The modules, imported here: {api, alloc, check, ...}, each a namespace. */
export async function loadInternals() {
  const entries = await Promise.all(Object.entries(urls).map(async ([name, url]) => [name, await import(url)]));
  return Object.fromEntries(entries);
}

/** Source that imports the same modules as `internals`, for an entry that esbuild bundles (bench/timing/bundled.js). */
export const internalsSource = `${Object.entries(urls)
  .map(([name, url]) => `import * as ${name} from ${JSON.stringify(new URL(url).pathname)};`)
  .join("\n")}
const internals = {${Object.keys(urls).join(", ")}};`;
