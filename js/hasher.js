// sha256-simd/hasher: a Hasher for @chainsafe/persistent-merkle-tree, on the
// backends of the main entry.
import "./index.js";

export {hasher} from "./core/tree-hasher.js";

/** @typedef {import("./core/tree-hasher.js").Hasher} Hasher */
