// What the pool's tests share: the thread count, the size that fills the
// shared buffer, and the oracles the pooled results are checked against.
import assert from "node:assert/strict";
import {hasher as hashtreeHasher} from "@chainsafe/persistent-merkle-tree/hasher/hashtree";
import {SLOTS, SLOT_IN} from "../../js/pool/slots.js";
import {errorOf, sha256Oracle} from "./helpers.js";

// Three threads on any machine: the caller and two workers.
export const THREADS = 3;
/** createHashPool's internal option that spreads every large level of executeHashComputations, so that the tests reach the spread path whatever it measures. */
export const SPREAD_ALWAYS = {[Symbol.for("sha256-simd/pool.spreadLevels")]: "always"};
/** Messages that fill every slot of the pool's shared buffer. */
export const SHARED_MESSAGES = ((THREADS - 1) * SLOTS * SLOT_IN) / 64;

/** Digests of every message, one by one, from node:crypto. */
export function oracleDigests(input) {
  const out = new Uint8Array(input.length / 2);
  for (let i = 0; i < input.length / 64; i++) out.set(sha256Oracle(input.subarray(64 * i, 64 * i + 64)), 32 * i);
  return out;
}

/** Asserts that pooled() throws what single() throws: the same class and message. */
export function assertSameError(pooled, single) {
  const expected = errorOf(single);
  const got = errorOf(pooled);
  assert.ok(expected && got, "both throw");
  assert.equal(got.constructor, expected.constructor);
  assert.equal(got.message, expected.message);
}

/** The root from persistent-merkle-tree's hashtree hasher, which modifies its input: given a copy. */
export function hashtreeRoot(bytes, padFor) {
  const root = new Uint8Array(32);
  hashtreeHasher.merkleizeBlocksBytes(bytes.slice(), padFor, root, 0);
  return root;
}
