// sha256-simd's portable backend ("js", the scalar C++ as plain JavaScript,
// for where WebAssembly is missing or refused) as a contender, "ours-js",
// beside its wasm modules.
//
// The package keeps its loader state in one module shared by all its entries,
// and importing sha256-simd/portable switches that state to the portable
// backend. Bundled with the worker, it would move ours-simd and ours-scalar
// onto the js backend too. So build.js makes sha256-simd/portable a bundle
// of its own, with its own copy of that state, which the worker imports at
// run time; and every one of ours' contenders checks the backend it runs on.
import {makeCases} from "../../cases.js";

/** The portable entry's bundle, next to worker.js in the built page (build.js writes it). */
export const portableBundle = "sha256-simd-portable.js";

/** The backend each of ours' contenders says it runs on. */
const claimed = {"ours-simd": "simd", "ours-scalar": "scalar", "ours-js": "js"};

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

/**
 * `cases` (from makeCases) with an ours-js contender after ours' others in
 * each: the same op as theirs, made by makeCases on the portable entry. That
 * entry has no SIMD, so there its one variant of ours is "ours-scalar"
 * (oursVariants in cases.js), whose hooks, which reload the backend, are
 * dropped here: the portable entry has only the one.
 */
export async function withOursJs(cases, {portable, asSha256}) {
  const own = new Map((await makeCases({ours: portable, asSha256})).map((c) => [c.id, c]));
  return cases.map((c) => {
    const k = own.get(c.id)?.contenders.find((x) => x.impl === "ours-scalar");
    if (!k) return c;
    const at = c.contenders.filter((x) => x.impl.startsWith("ours-")).length;
    const js = {...k, impl: "ours-js", before: undefined, after: undefined};
    return {...c, contenders: [...c.contenders.slice(0, at), js, ...c.contenders.slice(at)]};
  });
}

/**
 * `cases` with each of ours' contenders checking, after its own before hook
 * and so before its output is checked and before each timed round, that its
 * library (`libs.ours`, or `libs.portable` for ours-js) reports the backend
 * its id names. A contender that does not is marked wrong with that message
 * and is not timed.
 */
export function checkBackends(cases, libs) {
  const check = (k) => {
    const want = claimed[k.impl];
    if (!want) return k;
    const lib = k.impl === "ours-js" ? libs.portable : libs.ours;
    return {
      ...k,
      before() {
        k.before?.();
        if (lib.backend === want) return;
        // The runner calls after() only once before() has returned: restore here.
        k.after?.();
        throw new Error(`${k.impl} runs on the ${lib.backend} backend, not ${want}`);
      },
    };
  };
  return cases.map((c) => ({...c, contenders: c.contenders.map(check)}));
}
