// The pool's threads under React Native (package.json "imports": #threads):
// none. Hermes has no SharedArrayBuffer and no Worker, and cannot parse the
// import.meta that js/pool/threads.js needs, so this file has none.

export const threadsUnavailable = () => "React Native runs no workers";
export const defaultThreads = () => 1;
export const workerScript = null;
export function newWorker() {
  throw new Error("sha256-simd/pool: React Native runs no workers");
}
