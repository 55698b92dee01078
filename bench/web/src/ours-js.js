// sha256-simd's portable backend ("js", the scalar C++ as plain JavaScript,
// for where WebAssembly is missing or refused) as a contender, "ours-js",
// beside its wasm modules (oursVariants in bench/cases.js).
//
// The package keeps its loader state in one module shared by all its entries,
// and importing sha256-simd/portable switches that state to the portable
// backend. Bundled with the worker, it would move ours-simd and ours-scalar
// onto the js backend too. So build.js makes sha256-simd/portable a bundle
// of its own, with its own copy of that state, which the worker imports at
// run time.

/** The portable entry's bundle, next to worker.js in the built page (build.js writes it). */
export const portableBundle = "sha256-simd-portable.js";

/**
 * Imports the portable bundle from `url`; throws unless it runs on the js
 * backend and left `ours` (the worker's sha256-simd) on the backend it had.
 */
export async function loadPortable(ours, url) {
  const before = ours.backend;
  const portable = await import(url);
  if (portable.backend !== "js") throw new Error(`sha256-simd/portable runs on the ${portable.backend} backend, not js`);
  if (ours.backend !== before) throw new Error(`importing sha256-simd/portable moved sha256-simd from ${before} to ${ours.backend}`);
  return portable;
}
