// The pool's worker script as an entry of its own (build.js writes it to
// pool-worker.js): esbuild does not follow `new Worker(new URL(...))`,
// so a page that bundles sha256-simd/pool builds its worker from the
// package's export, as the package's README says.
import "sha256-simd/pool-worker.js";
