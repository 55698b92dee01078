// sha256-simd: the API on the best backend here, the SIMD wasm modules or the
// portable build (plain JavaScript) where wasm is missing, lacks
// SIMD or is refused. Each module's source is the export conditions' choice
// (package.json "imports": #core and the like).
import {module, portable} from "#core";
import {install} from "./core/loader.js";

install({module, portable}, false);

export * from "./core/api.js";
