// sha256-simd/hasher: a Hasher for @chainsafe/persistent-merkle-tree, on the
// backends of the main entry.
import "./index.js";

export {hasher} from "./core/hasher.js";

/** @typedef {import("./core/hasher.js").Hasher} Hasher */
