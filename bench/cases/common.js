// What every cases file of bench/cases/ shares: the shapes of a case and of a
// contender, the implementation ids in table order, the builders of contenders,
// and the --filter/--impl selection. Environment-neutral: no node: imports, no Node globals.

/**
 * @typedef {object} Contender  one implementation's way of doing a case's op
 * @property {string} impl  implementation id, one of `implIds`
 * @property {() => unknown} run  one op on the case's fixed input; returns its result
 * @property {boolean} async  run() returns a promise; timed as batches of awaited calls
 * @property {() => Promise<Uint8Array>} output  run()'s result as bytes (digests in message order), checked before timing
 * @property {() => void} [before]  call before this contender's output() and timed runs
 * @property {() => void} [after]  call after them (oursVariants: force, check and restore our portable backend)
 *
 * @typedef {object} Case
 * @property {string} id  stable, used by --filter and in results JSON
 * @property {string} title
 * @property {string} description  one line: what one op is and what is measured
 * @property {string} [peerNote]  how peers without this API do the equivalent work
 * @property {Uint8Array[]} [messages]  what one op hashes, in order; expected: their digests concatenated, from the runner's oracle
 * @property {Uint8Array} [expected]  else the expected output, from the platform's own implementation (cases-beyond.js)
 * @property {number} opsPerCall  run() does this many ops (ns/op is per op)
 * @property {string} unit  what one op is: "call" or "hash"
 * @property {number} [bytesPerOp]  message bytes per op, where MB/s is the natural unit
 * @property {Contender[]} contenders  ours first, then as-sha256, then peers
 */

import {concatBytes, pseudoRandomBytes} from "sha256-simd-support/bytes.js";

export {concatBytes, pseudoRandomBytes};

/** Implementation ids, in table order: ours, its other ways (cases-beyond.js), the pool at 1 to 16 threads, the peers. */
export const implIds = [
  ...["ours-simd", "ours-js", "ours-one-shot", "ours-digest-loop", "ours-digest-joined"],
  ...[1, 2, 4, 8, 16].map((threads) => `pool-${threads}`),
  ...["as-sha256", "hash-wasm", "noble", "node-crypto", "hashtree", "webcrypto"],
];

/** A --filter regular expression that keeps exactly these case ids. */
export const idsFilter = (ids) => `^(?:${ids.map((id) => id.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")).join("|")})$`;

export const splitBytes = (bytes, size) => Array.from({length: Math.ceil(bytes.length / size)}, (_, i) => bytes.subarray(i * size, (i + 1) * size));

/**
 * A Contender from one op: run() does the op and returns its result; bytes(result) gives the
 * digests it holds (default: the result is the bytes, a typed array or an ArrayBuffer).
 */
export function contender(impl, {run, bytes = (r) => r, async = false}, hooks = {}) {
  const output = async () => {
    const b = bytes(await run());
    return (b instanceof ArrayBuffer ? new Uint8Array(b) : new Uint8Array(b.buffer, b.byteOffset, b.byteLength)).slice();
  };
  return {impl, run, async, output, ...hooks};
}

/**
 * Our contenders, each doing op(ours) (as contender() takes it): on the SIMD modules where the runtime
 * has them, and on the portable build forced. Each checks, before it is checked or timed, that the
 * library runs on the backend its id names, so no figure is filed under the wrong one.
 */
export function oursVariants({ours}, op) {
  const on = (impl, backend, force = () => {}, after = undefined) =>
    contender(impl, op(ours), {
      after,
      before() {
        force();
        if (ours.backend === backend) return;
        // The runner calls after() only once before() has returned: restore here.
        after?.();
        throw new Error(`${impl} runs on the ${ours.backend} backend, not ${backend}`);
      },
    });
  const contenders = [];
  if (ours.simdEnabled) contenders.push(on("ours-simd", "simd"));
  contenders.push(on("ours-js", "js", () => ours.reinitializeInstance(false), () => ours.reinitializeInstance()));
  return contenders;
}

/**
 * The cases whose id matches `filter`, each with the contenders whose impl matches `impl` (regular
 * expressions; null keeps all): bench/node.js's --filter and --impl, the page's ?filter= and ?impl=.
 */
export function selectCases(cases, {filter, impl}) {
  const keep = impl ? new RegExp(impl) : null;
  return cases
    .filter((c) => !filter || new RegExp(filter).test(c.id))
    .map((c) => (keep ? {...c, contenders: c.contenders.filter((k) => keep.test(k.impl))} : c));
}
