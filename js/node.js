// sha256-simd under the "node", "bun" and "deno" export conditions: the main
// entry, with long digests handed to node:crypto (js/core/native.js), loaded
// at the first digest that needs it. tools/bundle.mjs bundles it into
// js/generated/server.js.
import {builtin} from "./core/engine.js";
import {useNativeDigest} from "./core/node-crypto.js";

export * from "./index.js";

useNativeDigest(() => builtin("node:crypto"));
