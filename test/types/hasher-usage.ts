// `sha256-simd/hasher` is a persistent-merkle-tree Hasher: it type-checks
// where that package expects one, through the package's "exports" map.
import {type HashComputationLevel, type Hasher, setHasher} from "@chainsafe/persistent-merkle-tree";
import {type Hasher as OwnHasher, hasher} from "sha256-simd/hasher";

const asHasher: Hasher = hasher;
// The package's own Hasher type, which needs no persistent-merkle-tree, is theirs.
const own: OwnHasher = hasher;
const ownAsTheirs: Hasher = own;
setHasher(asHasher);

const output = new Uint8Array(32);
hasher.merkleizeBlocksBytes(new Uint8Array(64), 2, output, 0);
hasher.merkleizeBlockArray([new Uint8Array(64)], 1, 2, output, 0);
const roots: Uint8Array = hasher.digestNLevel(new Uint8Array(256), 3);
hasher.digest64HashObjects(
  {h0: 0, h1: 0, h2: 0, h3: 0, h4: 0, h5: 0, h6: 0, h7: 0},
  {h0: 0, h1: 0, h2: 0, h3: 0, h4: 0, h5: 0, h6: 0, h7: 0},
  {h0: 0, h1: 0, h2: 0, h3: 0, h4: 0, h5: 0, h6: 0, h7: 0},
);
hasher.executeHashComputations([]);
declare const levels: HashComputationLevel[];
hasher.executeHashComputations(levels);
const name: string = hasher.name;

// @ts-expect-error digest64HashObjects writes into a third argument
hasher.digest64HashObjects({h0: 0, h1: 0, h2: 0, h3: 0, h4: 0, h5: 0, h6: 0, h7: 0});

export {roots, name, ownAsTheirs};
