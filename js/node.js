// sha256-simd under the "node", "bun" and "deno" export conditions: the main
// entry, with long digests handed to node:crypto (js/core/native.js), loaded
// at the first digest that needs it. tools/bundle.mjs bundles it into
// js/generated/server.js.
import {setNewDigest} from "./core/alloc.js";
import {builtin, choices} from "./core/engine.js";
import {useNativeDigest} from "./core/node-crypto.js";
import {viewOfPool} from "./core/pool-views.js";

export * from "./index.js";

useNativeDigest(() => builtin("node:crypto"));
if (choices.digests === "views") setNewDigest(viewOfPool);
