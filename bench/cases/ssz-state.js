// The altair BeaconState whose hashing bench/ssz.js times, from ChainSafe/ssz's
// perf test packages/ssz/test/perf/eth2/beaconState.test.ts, in plain JS over
// @chainsafe/ssz: only the types it needs (the test's lodestarTypes, minimal
// preset), Lodestar's batch-hashing validators list and the test's builders.
import {byteArrayIntoHashObject} from "@chainsafe/as-sha256";
import {digestNLevel, setNodesAtDepth} from "@chainsafe/persistent-merkle-tree";
import {
  BitArray,
  BitVectorType,
  BooleanType,
  ByteVectorType,
  ContainerNodeStructType,
  ContainerType,
  ListBasicType,
  ListCompositeTreeViewDU,
  ListCompositeType,
  ListUintNum64Type,
  UintBigintType,
  UintNumberType,
  VectorBasicType,
  VectorCompositeType,
} from "@chainsafe/ssz";
import {splitBytes} from "./common.js";

// The preset the upstream test runs with: params.ts picks the minimal one
// unless LODESTAR_PRESET=mainnet, and the benchmark scripts do not set it.
// (Under mainnet's the test's builder fails: it gives the 65,536-root
// randaoMixes vector only SLOTS_PER_HISTORICAL_ROOT = 8192 roots.) So the
// root vectors have 64 roots, and the 1,000,000 roots given to blockRoots
// and stateRoots are cut to those; historicalRoots, a list, keeps them all.
export const preset = {
  SLOTS_PER_EPOCH: 8,
  EPOCHS_PER_ETH1_VOTING_PERIOD: 4,
  SLOTS_PER_HISTORICAL_ROOT: 64,
  EPOCHS_PER_HISTORICAL_VECTOR: 64,
  EPOCHS_PER_SLASHINGS_VECTOR: 64,
  HISTORICAL_ROOTS_LIMIT: 16777216,
  VALIDATOR_REGISTRY_LIMIT: 1099511627776,
  SYNC_COMMITTEE_SIZE: 32,
  JUSTIFICATION_BITS_LENGTH: 4,
};
const P = preset;

const UintNum64 = new UintNumberType(8);
const EpochInf = new UintNumberType(8, {clipInfinity: true});
const Gwei = new UintBigintType(8);
const Root = new ByteVectorType(32);
const Version = new ByteVectorType(4);
const BLSPubkey = new ByteVectorType(48);
const ParticipationFlags = new UintNumberType(1, {setBitwiseOR: true});

const ValidatorFields = {
  pubkey: BLSPubkey,
  withdrawalCredentials: Root,
  effectiveBalance: UintNum64,
  slashed: new BooleanType(),
  activationEligibilityEpoch: EpochInf,
  activationEpoch: EpochInf,
  exitEpoch: EpochInf,
  withdrawableEpoch: EpochInf,
};
const Validator = new ContainerNodeStructType(ValidatorFields, {typeName: "Validator", jsonCase: "eth2"});

// Lodestar's validators list (lodestarTypes/phase0/viewDU/listValidator.ts):
// batchHashTreeRoot() hashes changed validators 4 at a time with the global
// hasher's digestNLevel, since a validator's node (a BranchNodeStruct) gives no
// HashComputations. 4 is hashtree's most per call: 1024 bytes, 8 chunks each.
const PARALLEL = 4;
const level3 = new Uint8Array(PARALLEL * 8 * 32);
const level4 = new Uint8Array(PARALLEL * 2 * 32);
const level3Views = splitBytes(level3, 256).map((u8) => ({u8, dv: new DataView(u8.buffer, u8.byteOffset, u8.byteLength)}));
const level4Views = splitBytes(level4, 64);
const oneRoot = new Uint8Array(32);

function writeUint64(dv, offset, value) {
  const inf = value === Infinity;
  dv.setUint32(offset, inf ? 0xffffffff : value & 0xffffffff, true);
  dv.setUint32(offset + 4, inf ? 0xffffffff : (value / 2 ** 32) & 0xffffffff, true);
}

/** A validator's 8 field chunks (the pubkey's root left to fill in) and the pubkey's 2 chunks. */
function validatorToChunks({u8, dv}, pubkeyChunks, v) {
  pubkeyChunks.set(v.pubkey, 0);
  u8.set(v.withdrawalCredentials, 32);
  writeUint64(dv, 64, v.effectiveBalance);
  dv.setUint32(96, v.slashed ? 1 : 0, true);
  writeUint64(dv, 128, v.activationEligibilityEpoch);
  writeUint64(dv, 160, v.activationEpoch);
  writeUint64(dv, 192, v.exitEpoch);
  writeUint64(dv, 224, v.withdrawableEpoch);
}

function batchHashValidators(indices, views) {
  const end = indices.length - (indices.length % PARALLEL);
  for (let i = 0; i < end; i += PARALLEL) {
    level3.fill(0);
    level4.fill(0);
    for (let j = 0; j < PARALLEL; j++) validatorToChunks(level3Views[j], level4Views[j], views.get(indices[i + j]).value);
    digestNLevel(level4, 1);
    for (let j = 0; j < PARALLEL; j++) level3Views[j].u8.set(level4.subarray(32 * j, 32 * j + 32), 0);
    digestNLevel(level3, 3);
    for (let j = 0; j < PARALLEL; j++) byteArrayIntoHashObject(level3, 32 * j, views.get(indices[i + j]).node);
  }
  for (let i = end; i < indices.length; i++) {
    const view = views.get(indices[i]);
    view.type.hashTreeRootInto(view.value, oneRoot, 0);
    byteArrayIntoHashObject(oneRoot, 0, view.node);
  }
}

class ListValidatorTreeViewDU extends ListCompositeTreeViewDU {
  commit(hcOffset = 0, hcByLevel = null) {
    // hashTreeRoot(): the plain flow, every root computed lazily.
    if (hcByLevel === null) return super.commit();
    const isOldRootHashed = this._rootNode.h0 !== null;
    if (this.viewsChanged.size === 0) {
      if (!isOldRootHashed) this._rootNode.root;
      return;
    }
    const unhashed = [];
    for (const [index, view] of this.viewsChanged) {
      view.commit();
      this.nodes[index] = view.node;
      // get(i) without a change keeps the hashed node.
      if (view.node.h0 === null) unhashed.push(index);
    }
    unhashed.sort((a, b) => a - b);
    const nodes = unhashed.map((i) => this.nodes[i]);
    batchHashValidators(unhashed, this.viewsChanged);
    const chunks = this.type.tree_getChunksNode(this._rootNode);
    const offset = hcOffset + this.type.tree_chunksNodeOffset();
    const newChunks = setNodesAtDepth(chunks, this.type.chunkDepth, unhashed, nodes, offset, isOldRootHashed ? hcByLevel : null);
    this._rootNode = this.type.tree_setChunksNode(this._rootNode, newChunks, this.dirtyLength ? this._length : null, hcOffset, hcByLevel);
    if (!isOldRootHashed) this._rootNode.root;
    this.viewsChanged.clear();
    this.dirtyLength = false;
  }
}

class ListValidatorType extends ListCompositeType {
  getViewDU(node, cache) {
    return new ListValidatorTreeViewDU(this, node, cache);
  }
}

const Fork = new ContainerType({previousVersion: Version, currentVersion: Version, epoch: UintNum64});
const BeaconBlockHeader = new ContainerType(
  {slot: UintNum64, proposerIndex: UintNum64, parentRoot: Root, stateRoot: Root, bodyRoot: Root},
  {cachePermanentRootStruct: true},
);
const Eth1Data = new ContainerType({depositRoot: Root, depositCount: UintNum64, blockHash: Root});
const Checkpoint = new ContainerType({epoch: UintNum64, root: Root});
const EpochParticipation = new ListBasicType(ParticipationFlags, P.VALIDATOR_REGISTRY_LIMIT);
const SyncCommittee = new ContainerType({pubkeys: new VectorCompositeType(BLSPubkey, P.SYNC_COMMITTEE_SIZE), aggregatePubkey: BLSPubkey});

export const BeaconState = new ContainerType(
  {
    genesisTime: UintNum64,
    genesisValidatorsRoot: Root,
    slot: UintNum64,
    fork: Fork,
    latestBlockHeader: BeaconBlockHeader,
    blockRoots: new VectorCompositeType(Root, P.SLOTS_PER_HISTORICAL_ROOT),
    stateRoots: new VectorCompositeType(Root, P.SLOTS_PER_HISTORICAL_ROOT),
    historicalRoots: new ListCompositeType(Root, P.HISTORICAL_ROOTS_LIMIT),
    eth1Data: Eth1Data,
    eth1DataVotes: new ListCompositeType(Eth1Data, P.EPOCHS_PER_ETH1_VOTING_PERIOD * P.SLOTS_PER_EPOCH),
    eth1DepositIndex: UintNum64,
    validators: new ListValidatorType(Validator, P.VALIDATOR_REGISTRY_LIMIT),
    balances: new ListUintNum64Type(P.VALIDATOR_REGISTRY_LIMIT),
    randaoMixes: new VectorCompositeType(Root, P.EPOCHS_PER_HISTORICAL_VECTOR),
    slashings: new VectorBasicType(Gwei, P.EPOCHS_PER_SLASHINGS_VECTOR),
    previousEpochParticipation: EpochParticipation,
    currentEpochParticipation: EpochParticipation,
    justificationBits: new BitVectorType(P.JUSTIFICATION_BITS_LENGTH),
    previousJustifiedCheckpoint: Checkpoint,
    currentJustifiedCheckpoint: Checkpoint,
    finalizedCheckpoint: Checkpoint,
    inactivityScores: new ListBasicType(UintNum64, P.VALIDATOR_REGISTRY_LIMIT),
    currentSyncCommittee: SyncCommittee,
    nextSyncCommittee: SyncCommittee,
  },
  {typeName: "BeaconState", jsonCase: "eth2"},
);
const F = BeaconState.fields;

const filled = (n, byte) => new Uint8Array(n).fill(byte);
const many = (n, make) => Array.from({length: n}, make);
const rootFields = ["blockRoots", "stateRoots", "historicalRoots"];
const checkpointFields = ["previousJustifiedCheckpoint", "currentJustifiedCheckpoint", "finalizedCheckpoint"];

/** The test's createDenebState(vc): its root vectors get 1,000,000 roots each, as upstream. */
export function createState(vc) {
  const state = BeaconState.defaultViewDU();
  state.genesisTime = 1e9;
  state.genesisValidatorsRoot = filled(32, 1);
  state.slot = 1_000_000;
  state.fork = F.fork.toViewDU({epoch: 1000, previousVersion: filled(4, 3), currentVersion: filled(4, 4)});
  state.latestBlockHeader = F.latestBlockHeader.toViewDU(header());
  for (const f of rootFields) state[f] = F[f].toViewDU(many(1_000_000, () => filled(32, 1)));
  state.eth1DataVotes = F.eth1DataVotes.toViewDU(
    many(P.EPOCHS_PER_ETH1_VOTING_PERIOD * P.SLOTS_PER_EPOCH, () => ({depositRoot: filled(32, 4), depositCount: 1000, blockHash: filled(32, 5)})),
  );
  state.eth1DepositIndex = 1000;
  state.validators = F.validators.toViewDU(
    many(vc, () => ({
      pubkey: filled(48, 0xaa),
      withdrawalCredentials: filled(32, 0xbb),
      effectiveBalance: 32e9,
      slashed: false,
      activationEligibilityEpoch: 1_000_000,
      activationEpoch: 2_000_000,
      exitEpoch: 3_000_000,
      withdrawableEpoch: 4_000_000,
    })),
  );
  state.balances = F.balances.toViewDU(many(vc, () => 32e9));
  state.randaoMixes = F.randaoMixes.toViewDU(many(P.SLOTS_PER_HISTORICAL_ROOT, () => filled(32, 1)));
  state.slashings = F.slashings.toViewDU(many(P.SLOTS_PER_HISTORICAL_ROOT, () => BigInt(1e9)));
  for (const f of ["previousEpochParticipation", "currentEpochParticipation"]) state[f] = F[f].toViewDU(many(vc, () => 7));
  return state;
}

function header() {
  return {slot: 1000, proposerIndex: 1, parentRoot: filled(32, 0xac), stateRoot: filled(32, 0xed), bodyRoot: filled(32, 0x32)};
}

/**
 * The test's createPartiallyModifiedDenebState(): a clone of `original` (committed and hashed) as
 * after an epoch transition, with the first `modified` of its `vc` validators changed and the rest
 * read. As upstream, clone() hands the original's caches to the first clone only; later ones start
 * without them and rebuild what they read while being modified.
 */
export function modifiedState(original, vc, modified) {
  const state = original.clone();
  state.slot++;
  state.latestBlockHeader = F.latestBlockHeader.toViewDU(header());
  for (const f of rootFields) state[f].set(0, filled(32, 1));
  for (let i = 0; i < modified; i++) state.validators.get(i).effectiveBalance += 1e9;
  state.balances = F.balances.toViewDU(many(vc, () => 32e9));
  for (let i = modified; i < vc; i++) state.validators.get(i);
  state.eth1Data = F.eth1Data.toViewDU({depositRoot: filled(32, 2), depositCount: 1000, blockHash: filled(32, 3)});
  state.eth1DataVotes.set(0, state.eth1Data);
  state.eth1DepositIndex++;
  state.randaoMixes.set(0, filled(32, 2));
  state.slashings.set(0, BigInt(1e9));
  state.justificationBits = F.justificationBits.toViewDU(BitArray.fromBoolArray([true, false, true, true]));
  for (const f of checkpointFields) state[f] = F[f].toViewDU({epoch: 1000, root: filled(32, 1)});
  return state;
}
