// The pool's threads under the react-native and workerd conditions (package.json
// "imports": #threads): none. Hermes has neither SharedArrayBuffer nor Worker
// and cannot parse the import.meta of js/pool/threads.js; a Cloudflare Worker
// cannot start workers.

const why = globalThis.navigator?.userAgent === "Cloudflare-Workers" ? "Cloudflare Workers run no workers" : "React Native runs no workers";
/** @type {(backend: "simd" | "js") => string | null} */
export const threadsUnavailable = () => why;
/** @type {(max: number) => number} */
export const defaultThreads = () => 1;
/** @type {null} */
export const workerScript = null;
/** @returns {never} */
export function newWorker() {
  throw new Error(`sha256-simd/pool: ${why}`);
}
