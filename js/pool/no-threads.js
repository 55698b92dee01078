// The pool's threads under the react-native and workerd conditions (package.json
// "imports": #threads): none. Hermes has neither SharedArrayBuffer nor Worker
// and cannot parse the import.meta of js/pool/threads.js; a Cloudflare Worker
// cannot start workers.

const why = globalThis.navigator?.userAgent === "Cloudflare-Workers" ? "Cloudflare Workers run no workers" : "React Native runs no workers";
export const threadsUnavailable = () => why;
export const defaultThreads = () => 1;
export const workerScript = null;
export function newWorker() {
  throw new Error(`sha256-simd/pool: ${why}`);
}
