// The merkle hasher cases of bench/cases/cases-hasher.js, for the worker: ours
// against persistent-merkle-tree's as-sha256 hasher. hashtree is a native addon,
// and @chainsafe/ssz needs Node's Buffer, so no ssz is passed: cases-hasher.js
// then leaves out the validator cases.
import * as pmt from "@chainsafe/persistent-merkle-tree";
import {hasher as asSha256Hasher} from "@chainsafe/persistent-merkle-tree/hasher/as-sha256";
import {hasher as oursHasher} from "sha256-simd/hasher";
import {makeHasherCases} from "../../cases/cases-hasher.js";

export function makeBrowserHasherCases(ours) {
  return makeHasherCases({ours, oursHasher, pmt, asSha256Hasher});
}
