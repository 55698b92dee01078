// sha256-simd: the API on the best backend this runtime has, the SIMD wasm
// modules or the portable build (the same C++ as plain JavaScript) where
// WebAssembly is missing, lacks SIMD or is refused. Where each module comes
// from is the export conditions' choice (package.json "imports"): React
// Native gets the portable build alone, Cloudflare Workers the .wasm files.
import * as core from "#core";
import {install} from "./core/loader.js";

install(core, false);

export * from "./core/api.js";
