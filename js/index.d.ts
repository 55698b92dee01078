// Types of the public API: the same as @chainsafe/as-sha256 1.2.x, plus the
// aliases hash4Input64s and hash8HashObjects.
//
// Errors: every Uint8Array argument is checked, and anything else (string,
// number, null, plain array, Uint16Array, DataView, ...) throws a TypeError
// naming the argument. A length error throws an Error with as-sha256's
// message. A call that throws leaves the module ready for the next call.

/**
 * A 32-byte digest as eight 32-bit words: h0 is bytes 0..3 read
 * little-endian, and so on. The words produced here are signed, as in
 * as-sha256, so HashObjects from either library are deep-equal.
 */
export interface HashObject {
  h0: number;
  h1: number;
  h2: number;
  h3: number;
  h4: number;
  h5: number;
  h6: number;
  h7: number;
}

/** True while the SIMD module is in use. */
export declare let simdEnabled: boolean;

/**
 * The backend in use: "simd" (the SIMD wasm module), "scalar" (the scalar
 * one, where wasm has no SIMD) or "js" (the portable build, the scalar
 * module as plain JavaScript, where WebAssembly is missing or compiling it
 * is refused).
 */
export declare let backend: "simd" | "scalar" | "js";

/**
 * Replaces the instance: the SIMD module when `useSimd` is true; when false,
 * the scalar module, or the portable build where WebAssembly is missing or
 * refused; and when omitted the best this runtime has. SHA256 objects keep
 * their state across the switch.
 * @throws Error when `useSimd` is true and the runtime lacks WebAssembly SIMD
 * or refuses to compile wasm.
 */
export declare function reinitializeInstance(useSimd?: boolean): void;

/**
 * SHA-256 of `data`, of any length.
 * @throws TypeError when `data` is not a Uint8Array.
 */
export declare function digest(data: Uint8Array): Uint8Array;

/**
 * SHA-256 of exactly 64 bytes.
 * @throws TypeError when `data` is not a Uint8Array.
 * @throws Error "InvalidLengthForDigest64" when `data` is not 64 bytes.
 */
export declare function digest64(data: Uint8Array): Uint8Array;

/**
 * SHA-256 of exactly 64 bytes, written into `output` (32 bytes).
 * @throws TypeError when `data` or `output` is not a Uint8Array.
 * @throws Error "InvalidLengthForDigest64, got <n>" or "InvalidLengthForOutput32, got <n>".
 */
export declare function digest64Into(data: Uint8Array, output: Uint8Array): void;

/**
 * SHA-256 of the 64 bytes `bytes1 || bytes2` (32 bytes each).
 * @throws TypeError when an argument is not a Uint8Array.
 * @throws Error "InvalidLengthForDigest64" when either is not 32 bytes.
 */
export declare function digest2Bytes32(bytes1: Uint8Array, bytes2: Uint8Array): Uint8Array;

/**
 * SHA-256 of `bytes1 || bytes2`, written into `output` (32 bytes).
 * @throws TypeError when an argument is not a Uint8Array.
 * @throws Error "InvalidLengthForDigest64" or "InvalidLengthForOutput32".
 */
export declare function digest2Bytes32Into(bytes1: Uint8Array, bytes2: Uint8Array, output: Uint8Array): void;

/**
 * SHA-256 of the 64 bytes that `obj1` and `obj2` stand for, as a HashObject.
 * @throws TypeError when either is not an object with numeric h0..h7.
 */
export declare function digest64HashObjects(obj1: HashObject, obj2: HashObject): HashObject;

/**
 * As digest64HashObjects, written into the fields of `output`.
 * @throws TypeError when `obj1` or `obj2` is not a HashObject or `output` is not an object.
 */
export declare function digest64HashObjectsInto(obj1: HashObject, obj2: HashObject, output: HashObject): void;

/**
 * Hashes four 64-byte messages: digest i is SHA-256 of `inputs[i]`.
 * @throws TypeError when `inputs` is not an Array or an entry is not a Uint8Array.
 * @throws Error "Input length must be 4", "Input <i> is null or undefined",
 * or "Invalid length <n> at input <i>".
 */
export declare function batchHash4UintArray64s(inputs: Uint8Array[]): Uint8Array[];

/**
 * Hashes four pairs of HashObjects: output i is SHA-256 of the 64 bytes of
 * `inputs[2i]` then `inputs[2i + 1]`.
 * @throws TypeError when `inputs` is not an Array or an entry is not a HashObject.
 * @throws Error "Input length must be 8".
 */
export declare function batchHash4HashObjectInputs(inputs: HashObject[]): HashObject[];

/** Alias of batchHash4UintArray64s. */
export declare const hash4Input64s: typeof batchHash4UintArray64s;

/** Alias of batchHash4HashObjectInputs. */
export declare const hash8HashObjects: typeof batchHash4HashObjectInputs;

/**
 * Hashes N consecutive 64-byte messages of `input` into N consecutive 32-byte
 * digests in `output`. `output` may be `input.subarray(0, input.length / 2)`.
 * @throws TypeError when an argument is not a Uint8Array.
 * @throws Error "Invalid input length <n>" when `input` is not a multiple of
 * 64 bytes, or "Invalid output length <n>" when `output` is not half of it.
 */
export declare function hashInto(input: Uint8Array, output: Uint8Array): void;

/**
 * Streaming SHA-256. Objects share the one wasm instance, each keeping only
 * its own copy of the 112-byte state, so any number can be used at once.
 */
export declare class SHA256 {
  constructor();
  /** Starts a new hash; also makes an object usable again after final(). */
  init(): this;
  /**
   * Appends `data`.
   * @throws TypeError when `data` is not a Uint8Array.
   * @throws Error after final(), until init().
   */
  update(data: Uint8Array): this;
  /**
   * Returns the digest of everything passed to update() since init().
   * @throws Error when called a second time, until init().
   */
  final(): Uint8Array;
}

/** Reads 32 bytes of `byteArr` at `offset` as a new HashObject. */
export declare function byteArrayToHashObject(byteArr: Uint8Array, offset: number): HashObject;

/** Reads 32 bytes of `byteArr` at `offset` into the fields of `output`. */
export declare function byteArrayIntoHashObject(byteArr: Uint8Array, offset: number, output: HashObject): void;

/** Writes the 32 bytes of `obj` into `byteArr` at `offset`. */
export declare function hashObjectToByteArray(obj: HashObject, byteArr: Uint8Array, offset: number): void;

/**
 * A Uint8Array of `size` bytes (default 0) that may hold old data (in Node, a
 * view of Buffer's pool): only for memory that is overwritten at once.
 */
export declare function allocUnsafe(size?: number): Uint8Array;

/**
 * HMAC-SHA256 (RFC 2104) of `message` under `key`, a key of any length
 * (longer than 64 bytes it is hashed first). Returns 32 bytes. The key, its
 * padded blocks and the inner digest are wiped from the module's memory
 * before this returns.
 * @throws TypeError when `key` or `message` is not a Uint8Array.
 */
export declare function hmac(key: Uint8Array, message: Uint8Array): Uint8Array;

/**
 * HMAC-SHA256 under a kept key: the key's padded blocks are compressed once,
 * in the constructor, so each message after costs no key setup. The object
 * holds the key's state (not the key) until destroy() wipes it.
 */
export declare class HMAC {
  /** @throws TypeError when `key` is not a Uint8Array. */
  constructor(key: Uint8Array);
  /** Starts a new message under the same key; also makes an object usable again after final(). */
  init(): this;
  /**
   * Appends `data` to the message.
   * @throws TypeError when `data` is not a Uint8Array.
   * @throws Error after final() (until init()) or destroy().
   */
  update(data: Uint8Array): this;
  /**
   * Returns the tag of the message since init(), 32 bytes.
   * @throws Error when called a second time (until init()), or after destroy().
   */
  final(): Uint8Array;
  /** The tag of one whole `message` in one call; a message begun with update() is left as it was. */
  mac(message: Uint8Array): Uint8Array;
  /** Wipes the kept key state; every method then throws. */
  destroy(): void;
}

/**
 * HKDF-Extract (RFC 5869): the 32-byte pseudorandom key from `ikm`, with
 * `salt` (omitted: 32 zero bytes, as the RFC says).
 * @throws TypeError when an argument is not a Uint8Array.
 */
export declare function hkdfExtract(salt: Uint8Array | undefined, ikm: Uint8Array): Uint8Array;

/**
 * HKDF-Expand (RFC 5869): `length` bytes (1 to 255 * 32 = 8160) of output
 * key from the pseudorandom key `prk` (at least 32 bytes) and `info` (omitted: empty).
 * @throws TypeError when `prk` or `info` is not a Uint8Array, or `length` not a number.
 * @throws RangeError when `length` is not an integer from 1 to 8160 (node:crypto refuses 0 too).
 */
export declare function hkdfExpand(prk: Uint8Array, info: Uint8Array | undefined, length: number): Uint8Array;

/**
 * HKDF (RFC 5869): extract, then expand to `length` bytes (1 to 8160). The
 * pseudorandom key never leaves the module, and is wiped with the input key
 * before this returns.
 * @throws TypeError when an argument is not a Uint8Array (salt and info may be undefined), or `length` not a number.
 * @throws RangeError when `length` is not an integer from 1 to 8160.
 */
export declare function hkdf(ikm: Uint8Array, salt: Uint8Array | undefined, info: Uint8Array | undefined, length: number): Uint8Array;

/**
 * PBKDF2-HMAC-SHA256 (RFC 8018): `length` bytes of key from `password` and
 * `salt`, with the iteration loop inside the module.
 * @throws TypeError when `password` or `salt` is not a Uint8Array, or a count not a number.
 * @throws RangeError when `iterations` is not an integer from 1 to 2^32 - 1, or `length` not one from 1.
 */
export declare function pbkdf2(password: Uint8Array, salt: Uint8Array, iterations: number, length: number): Uint8Array;

/**
 * SHA-256 of the concatenation of `parts`, without concatenating them.
 * @throws TypeError when `parts` is not an Array of Uint8Array.
 */
export declare function digestParts(parts: readonly Uint8Array[]): Uint8Array;

/**
 * The digest of each of `messages`, of any lengths. In the SIMD module four
 * messages are hashed at once, one per lane, each lane taking the next
 * message as its own ends.
 * @throws TypeError when `messages` is not an Array of Uint8Array.
 */
export declare function digestMany(messages: readonly Uint8Array[]): Uint8Array[];

/**
 * digestMany into `output`: digest i at bytes 32 i to 32 i + 32.
 * @throws TypeError when `messages` is not an Array of Uint8Array, or `output` not a Uint8Array.
 * @throws RangeError when `output` is not 32 bytes per message.
 */
export declare function digestManyInto(messages: readonly Uint8Array[], output: Uint8Array): void;
