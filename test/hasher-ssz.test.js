// Hash tree roots of real SSZ types with setHasher(hasher), against the same
// roots computed with persistent-merkle-tree's noble hasher (@noble/hashes).
// @chainsafe/ssz resolves the same persistent-merkle-tree module as this file
// and calls its global hasher on every use, so setHasher() switches ssz too;
// the first test checks that.
import assert from "node:assert/strict";
import {
  LeafNode,
  executeHashComputations,
  getHashComputations,
  hasher as currentHasher,
  setHasher,
  subtreeFillToContents,
} from "@chainsafe/persistent-merkle-tree";
import {hasher as nobleHasher} from "@chainsafe/persistent-merkle-tree/hasher/noble";
import {
  BooleanType,
  ByteListType,
  ByteVectorType,
  ContainerNodeStructType,
  ContainerType,
  ListBasicType,
  ListCompositeType,
  ListUintNum64Type,
  UintBigintType,
  UintNumberType,
} from "@chainsafe/ssz";
import {hasher} from "sha256-simd/hasher";
import {forEachModule, pseudoRandomBytes, pseudoRandomInts, toHex} from "./support/helpers.js";

/** Runs fn with `h` as persistent-merkle-tree's global hasher, then restores the previous one. */
function withHasher(h, fn) {
  const previous = currentHasher;
  setHasher(h);
  try {
    return fn();
  } finally {
    setHasher(previous);
  }
}

/**
 * The oracle's results first, then ours, each on objects built afresh under
 * its hasher. The oracle goes first because zeroNode() caches the roots of the
 * zero subtrees it creates, hashed by whichever hasher is set at the time.
 */
function assertSameRoots(label, compute) {
  const expected = withHasher(nobleHasher, compute).map(toHex);
  const got = withHasher(hasher, compute).map(toHex);
  assert.deepEqual(got, expected, label);
  return got;
}

const UintNum64 = new UintNumberType(8);
const fields = {
  pubkey: new ByteVectorType(48),
  withdrawalCredentials: new ByteVectorType(32),
  effectiveBalance: UintNum64,
  slashed: new BooleanType(),
  activationEligibilityEpoch: UintNum64,
  activationEpoch: UintNum64,
  exitEpoch: UintNum64,
  withdrawableEpoch: UintNum64,
};
const Validator = new ContainerType(fields);
// Lodestar's state keeps validators in this tree-backed variant.
const ValidatorNodeStruct = new ContainerNodeStructType(fields);
const VALIDATOR_REGISTRY_LIMIT = 2 ** 40;
const Validators = new ListCompositeType(Validator, VALIDATOR_REGISTRY_LIMIT);
const ValidatorsNodeStruct = new ListCompositeType(ValidatorNodeStruct, VALIDATOR_REGISTRY_LIMIT);

function randomValidator(next, seed) {
  // Infinity is no UintNum64 value (only clipInfinity types take it), so the
  // far-future epoch is stood in for by the largest exact number.
  const epoch = () => (next(8) === 0 ? Number.MAX_SAFE_INTEGER : next(2 ** 31));
  return {
    pubkey: pseudoRandomBytes(48, seed),
    withdrawalCredentials: pseudoRandomBytes(32, seed + 1e6),
    effectiveBalance: next(33) * 1e9,
    slashed: next(2) === 1,
    activationEligibilityEpoch: epoch(),
    activationEpoch: epoch(),
    exitEpoch: epoch(),
    withdrawableEpoch: epoch(),
  };
}

function randomValidators(count, seed) {
  const next = pseudoRandomInts(seed);
  return Array.from({length: count}, (_, i) => randomValidator(next, seed * 1e5 + i + 1));
}

/**
 * Roots of a fresh ViewDU of `value`: hashTreeRoot() (digest64HashObjects
 * node by node) and batchHashTreeRoot() (executeHashComputations), each before
 * and after `edit`.
 */
function viewRoots(type, value, edit) {
  const roots = [];
  for (const batch of [false, true]) {
    const view = type.toViewDU(value);
    const root = () => (batch ? view.batchHashTreeRoot() : view.hashTreeRoot());
    roots.push(root());
    edit(view);
    roots.push(root());
  }
  return roots;
}

/** The root of a fresh tree of `value`, from executeHashComputations over all of it. */
function treeRoot(type, value) {
  const node = type.value_toTree(value);
  const hcByLevel = [];
  getHashComputations(node, 0, hcByLevel);
  executeHashComputations(hcByLevel);
  assert.notEqual(node.h0, null);
  return node.root;
}

forEachModule("hasher with @chainsafe/ssz", () => {
  it("setHasher() reaches ssz's hashTreeRoot", () => {
    let calls = 0;
    const counting = {...hasher, merkleizeBlockArray: (...args) => (calls++, hasher.merkleizeBlockArray(...args))};
    withHasher(counting, () => Validators.hashTreeRoot(randomValidators(3, 1)));
    assert.ok(calls > 0, "ssz did not call the hasher set with setHasher()");
  });

  describe("List of Validator containers", () => {
    for (const count of [0, 1, 2, 3, 5, 17, 100, 1000, 3001]) {
      it(`${count} validators: value, tree and ViewDU roots after edits`, function () {
        this.timeout(60000);
        const values = randomValidators(count, count + 1);
        const extra = randomValidators(3, count + 2);
        const edit = (view) => {
          for (let i = 0; i < Math.min(count, 7); i++) {
            const v = view.get((i * 97) % count);
            v.effectiveBalance = 31e9 + i;
            v.slashed = !v.slashed;
          }
          if (count > 0) view.set(count - 1, Validator.toViewDU(extra[0]));
          view.push(Validator.toViewDU(extra[1]));
          view.push(Validator.toViewDU(extra[2]));
        };
        const roots = assertSameRoots(`${count} validators`, () => [
          Validators.hashTreeRoot(values),
          treeRoot(Validators, values),
          ...viewRoots(Validators, values, edit),
          ...values.slice(0, 5).map((v) => Validator.hashTreeRoot(v)),
        ]);
        // The value, tree and ViewDU paths agree, so the values are valid SSZ.
        assert.equal(roots[0], roots[1]);
        assert.equal(roots[0], roots[2]);
      });
    }

    it("the node-struct variant Lodestar keeps in its state: 1000 validators", () => {
      const values = randomValidators(1000, 7);
      const extra = randomValidators(1, 8)[0];
      assertSameRoots("node struct", () => [
        ValidatorsNodeStruct.hashTreeRoot(values),
        ...viewRoots(ValidatorsNodeStruct, values, (view) => {
          view.get(500).exitEpoch = 12345;
          view.push(ValidatorNodeStruct.toViewDU(extra));
        }),
      ]);
    });
  });

  describe("List of uint64", () => {
    const types = [
      ["UintNum64", new ListBasicType(UintNum64, 2 ** 40), (x) => x],
      ["UintBigint64", new ListBasicType(new UintBigintType(8), 2 ** 40), (x) => BigInt(x)],
      ["ListUintNum64 (balances)", new ListUintNum64Type(2 ** 40), (x) => x],
    ];
    for (const [name, type, of] of types) {
      it(`${name}: lengths around chunk and lane boundaries`, () => {
        const next = pseudoRandomInts(42);
        for (const length of [0, 1, 3, 4, 5, 8, 9, 31, 32, 33, 1000, 4097]) {
          const values = Array.from({length}, () => of(next(2 ** 30) * 1024 + next(1024)));
          assertSameRoots(`${name} of length ${length}`, () => [
            type.hashTreeRoot(values),
            treeRoot(type, values),
            ...viewRoots(type, values, (view) => {
              if (length > 0) view.set(length - 1, of(7));
              view.push(of(123456789));
            }),
          ]);
        }
      });
    }
  });

  it("ByteLists of lengths around the 32- and 64-byte boundaries", () => {
    const type = new ByteListType(2 ** 20);
    const small = new ByteListType(64);
    for (const length of [0, 1, 31, 32, 33, 63, 64, 65, 95, 96, 97, 127, 128, 129, 1000, 4096, 100000]) {
      const bytes = pseudoRandomBytes(length, length + 1);
      assertSameRoots(`ByteList of ${length}`, () => [
        type.hashTreeRoot(bytes),
        treeRoot(type, bytes),
        ...(length <= 64 ? [small.hashTreeRoot(bytes)] : []),
      ]);
    }
  });

  it("subtreeFillToContents trees: BranchNode.root and executeHashComputations", () => {
    for (const [count, depth] of [[1, 0], [1, 3], [2, 1], [3, 2], [5, 3], [17, 5], [1000, 10], [1000, 40], [5000, 13]]) {
      const bytes = pseudoRandomBytes(32 * count, count + depth);
      const leaves = () => Array.from({length: count}, (_, i) => LeafNode.fromRoot(bytes.subarray(32 * i, 32 * i + 32)));
      assertSameRoots(`${count} leaves at depth ${depth}`, () => {
        const lazy = subtreeFillToContents(leaves(), depth).root;
        const hcByLevel = [];
        const batched = subtreeFillToContents(leaves(), depth, 0, hcByLevel);
        executeHashComputations(hcByLevel);
        return [lazy, batched.root];
      });
    }
  });
});
