// sha256-simd under the "node", "bun" and "deno" export conditions: the main
// entry, with long digests handed to node:crypto (native.js), loaded
// at the first digest that needs it.
import {builtin} from "./engine.js";
import {useNativeDigest} from "./node-crypto.js";

export * from "../index.js";

useNativeDigest(() => builtin("node:crypto"));
