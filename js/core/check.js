// Argument checks. Each throws before the module's memory is touched, so a bad
// call leaves the module correct for the next one.
import {BLOCK, CHUNK, levelsOf} from "./sizes.js";

function describe(x) {
  if (x === null) return "null";
  if (Array.isArray(x)) return "Array";
  if (typeof x === "object") return x.constructor?.name ?? "object";
  return typeof x;
}

function isUint8Array(x) {
  // The second test accepts Uint8Arrays from another realm (worker, vm, iframe).
  return x instanceof Uint8Array || (ArrayBuffer.isView(x) && Object.prototype.toString.call(x) === "[object Uint8Array]");
}

export function assertBytes(x, name, fn) {
  if (!isUint8Array(x)) throw new TypeError(`${fn}: ${name} must be a Uint8Array, got ${describe(x)}`);
}

export function assertHashObject(x, name, fn) {
  if (
    x === null ||
    typeof x !== "object" ||
    typeof x.h0 !== "number" ||
    typeof x.h1 !== "number" ||
    typeof x.h2 !== "number" ||
    typeof x.h3 !== "number" ||
    typeof x.h4 !== "number" ||
    typeof x.h5 !== "number" ||
    typeof x.h6 !== "number" ||
    typeof x.h7 !== "number"
  ) {
    throw new TypeError(`${fn}: ${name} must be a HashObject with numeric h0..h7, got ${describe(x)}`);
  }
}

export function assertArray(x, length, name, fn) {
  if (!Array.isArray(x)) throw new TypeError(`${fn}: ${name} must be an Array, got ${describe(x)}`);
  if (x.length !== length) throw new Error(`Input length must be ${length}`);
}

/** Levels between the chunks and the root of a tree padded to padFor chunks. */
function layerCount(padFor) {
  const levels = levelsOf(padFor);
  // Infinity or NaN would make persistent-merkle-tree's hashers loop forever
  // or write undefined; here they are an error.
  if (!Number.isFinite(levels)) throw new Error(`Invalid padFor, expect a finite number, got ${padFor}`);
  return levels;
}

// The checks of the hasher's merkleizeBlocksBytes, merkleizeBlockArray and
// digestNLevel (js/hasher.js), with persistent-merkle-tree's errors, each
// giving the shape of the work; sha256-simd/pool's hasher checks its calls
// with them too, so that its errors are these.

/** merkleizeBlocksBytes' arguments: the chunks to hash and the levels above them. */
export function blocksBytesTree(blocksBytes, padFor) {
  assertBytes(blocksBytes, "blocksBytes", "merkleizeBlocksBytes");
  if (padFor < 1) throw new Error(`Invalid padFor, expect to be greater than 0, got ${padFor}`);
  const levels = layerCount(padFor);
  const length = blocksBytes.length;
  if (length % BLOCK !== 0) {
    if (length % CHUNK !== 0) {
      throw new Error(`Invalid input length, expect to be multiple of 32 bytes, got ${length}`);
    }
    if (padFor > 1) {
      throw new Error(`Invalid input length, expect to be multiple of 64 bytes, got ${length}, padFor=${padFor}`);
    }
  }
  return {chunks: length / CHUNK, levels};
}

/** merkleizeBlockArray's arguments: the chunks to hash and the levels above them. */
export function blockArrayTree(blocks, blockLimit, padFor) {
  if (padFor < 1) throw new Error(`Invalid padFor, expect to be at least 1, got ${padFor}`);
  if (blockLimit > blocks.length) {
    throw new Error(
      `Invalid blockLimit, expect to be less than or equal blocks.length ${blocks.length}, got ${blockLimit}`
    );
  }
  if (!(Number.isInteger(blockLimit) && blockLimit >= 0)) {
    throw new Error(`Invalid blockLimit, expect a non-negative integer, got ${blockLimit}`);
  }
  const levels = layerCount(padFor);
  // As in persistent-merkle-tree, no block is checked when none is hashed,
  // and all of them are checked otherwise.
  if (blockLimit > 0) {
    for (const block of blocks) {
      if (block.length !== BLOCK) throw new Error(`Invalid block length, expect to be 64 bytes, got ${block.length}`);
    }
  }
  return {chunks: 2 * blockLimit, levels};
}

/** digestNLevel's arguments: the bytes of one group of 2^nLevel chunks, which becomes one root. */
export function nLevelGroup(data, nLevel) {
  assertBytes(data, "data", "digestNLevel");
  const bytesInBatch = Math.pow(2, nLevel) * CHUNK;
  if (nLevel < 1) throw new Error(`Invalid nLevel, expect to be greater than 0, got ${nLevel}`);
  if (data.length % bytesInBatch !== 0) {
    throw new Error(`Invalid input length, expect to be multiple of ${bytesInBatch} for nLevel ${nLevel}, got ${data.length}`);
  }
  return bytesInBatch;
}
