// Types of `sha256-simd/hasher`. The Hasher type comes from
// @chainsafe/persistent-merkle-tree, an optional peer dependency that only
// the types need: js/hasher.js does not import it.
import type {Hasher} from "@chainsafe/persistent-merkle-tree";

/**
 * A persistent-merkle-tree Hasher backed by this package's wasm module; use it
 * with `setHasher(hasher)` before any tree is hashed. Results and errors are
 * those of persistent-merkle-tree's own hashers, with these differences:
 * - merkleizeBlocksBytes and merkleizeBlockArray leave their input unchanged
 *   (persistent-merkle-tree documents that its hashers may modify it);
 * - digestNLevel returns `data.subarray(0, data.length / 2 ** nLevel)` holding
 *   the roots, as theirs do, and leaves the rest of `data` unchanged;
 * - a padFor of Infinity or NaN throws "Invalid padFor" (theirs loop forever
 *   or fail later).
 */
export declare const hasher: Hasher;
