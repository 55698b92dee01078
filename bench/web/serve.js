// Builds and serves the benchmark page (see sha256-simd-support/serve.js for the
// headers that make it cross-origin isolated).
//
//   node bench/web/serve.js [--port 8080] [--host 127.0.0.1] [--dir DIR] [--no-build]
import {parseArgs} from "node:util";
import {startServer} from "sha256-simd-support/serve.js";
import {build, defaultOutDir} from "./build.js";

const {values: args} = parseArgs({
  allowNegative: true,
  options: {
    port: {type: "string", default: "8080"},
    host: {type: "string", default: "127.0.0.1"},
    dir: {type: "string", default: defaultOutDir},
    build: {type: "boolean", default: true},
  },
});
if (args.build) await build({outDir: args.dir});
const {url} = await startServer({dir: args.dir, host: args.host, port: Number(args.port)});
console.log(`Benchmark page: ${url}  (quick run: ${url}?quick=1)`);
console.log("Ctrl-C to stop.");
