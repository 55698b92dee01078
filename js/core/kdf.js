// HKDF (RFC 5869) and PBKDF2 (RFC 8018) on HMAC-SHA256, their loops in the
// extras module, with the RFCs' limits as node:crypto applies them. Key
// material is wiped on every way out (extras.js).
import {hmac} from "./hmac.js";
import {assertInteger} from "./assert.js";
import {bytesLength} from "./check.js";
import {keyPtr, loadKey, macInto, optionalBytes, wasm, wipe} from "./extras.js";
import {ctxPtr, ioBytes, ioDigest, ioPtr, ioSize} from "./io.js";
import {absorb} from "./stream.js";

/**
 * RFC 5869: at most 255 blocks of output.
 * @internal
 */
export const HKDF_MAX_LENGTH = 255 * 32;

/**
 * Throws unless info fits the I/O buffer beside `length` bytes of output; called before any key is loaded.
 * @param {number} infoLength
 * @param {number} length
 * @param {string} fn
 */
function assertInfo(infoLength, length, fn) {
  if (infoLength > ioSize - length) throw new RangeError(`${fn}: info must be at most ${ioSize - length} bytes, got ${infoLength}`);
}

/**
 * HKDF-Expand from the loaded key: `length` bytes, copied out of the I/O buffer.
 * @param {Uint8Array} info
 * @param {number} infoLength
 * @param {number} length
 * @returns {Uint8Array}
 */
function expand(info, infoLength, length) {
  ioBytes.set(info, length);
  wasm().hkdf_expand(ioPtr, length, keyPtr, ioPtr + length, infoLength);
  return ioBytes.slice(0, length);
}

/**
 * HKDF-Extract (RFC 5869): the 32-byte pseudorandom key from `ikm`, with
 * `salt` (omitted: 32 zero bytes, as the RFC says).
 * @param {Uint8Array | undefined} salt
 * @param {Uint8Array} ikm
 * @returns {Uint8Array}
 * @throws {TypeError} when an argument is not a Uint8Array.
 */
export function hkdfExtract(salt, ikm) {
  const [s] = optionalBytes(salt, "salt", "hkdfExtract");
  bytesLength(ikm, "ikm", "hkdfExtract");
  return hmac(s, ikm);
}

/**
 * HKDF-Expand (RFC 5869): `length` bytes (1 to 255 * 32 = 8160) of output
 * key from the pseudorandom key `prk`, at least 32 bytes (RFC 5869 section
 * 2.3), and `info` (omitted: empty).
 * @param {Uint8Array} prk
 * @param {Uint8Array | undefined} info
 * @param {number} length
 * @returns {Uint8Array}
 * @throws {TypeError} when `prk` or `info` is not a Uint8Array, or `length` not a number.
 * @throws {RangeError} when `length` is not an integer from 1 to 8160 (node:crypto refuses 0 too), or `prk` is shorter than 32 bytes.
 */
export function hkdfExpand(prk, info, length) {
  const p = bytesLength(prk, "prk", "hkdfExpand");
  const [i, n] = optionalBytes(info, "info", "hkdfExpand");
  if (p < 32) throw new RangeError(`hkdfExpand: prk must be at least 32 bytes (RFC 5869), got ${p}`);
  assertInteger(length, 1, HKDF_MAX_LENGTH, "length", "hkdfExpand");
  assertInfo(n, length, "hkdfExpand");
  wasm();
  try {
    loadKey(prk, p);
    return expand(i, n, length);
  } finally {
    wipe(Math.max(p, length + n));
  }
}

/**
 * HKDF (RFC 5869): extract, then expand to `length` bytes (1 to 8160). The
 * pseudorandom key never leaves the module, and is wiped with the input key
 * before this returns.
 * @param {Uint8Array} ikm
 * @param {Uint8Array | undefined} salt
 * @param {Uint8Array | undefined} info
 * @param {number} length
 * @returns {Uint8Array}
 * @throws {TypeError} when an argument is not a Uint8Array (salt and info may be undefined), or `length` not a number.
 * @throws {RangeError} when `length` is not an integer from 1 to 8160.
 */
export function hkdf(ikm, salt, info, length) {
  const m = bytesLength(ikm, "ikm", "hkdf");
  const [s, sn] = optionalBytes(salt, "salt", "hkdf");
  const [i, n] = optionalBytes(info, "info", "hkdf");
  assertInteger(length, 1, HKDF_MAX_LENGTH, "length", "hkdf");
  assertInfo(n, length, "hkdf");
  wasm();
  try {
    loadKey(s, sn);
    macInto(ikm, m);
    wasm().hmac_key(keyPtr, ioPtr, 32);
    ioDigest.fill(0);
    return expand(i, n, length);
  } finally {
    wipe(Math.max(sn, m, length + n));
  }
}

/**
 * PBKDF2-HMAC-SHA256 (RFC 8018): `length` bytes (at least 1) of key from
 * `password` and `salt`, with the iteration loop inside the module.
 * @param {Uint8Array} password
 * @param {Uint8Array} salt
 * @param {number} iterations
 * @param {number} length
 * @returns {Uint8Array}
 * @throws {TypeError} when `password` or `salt` is not a Uint8Array, or a count not a number.
 * @throws {RangeError} when `iterations` is not an integer from 1 to 2^32 - 1, or `length` not one from 1.
 */
export function pbkdf2(password, salt, iterations, length) {
  const p = bytesLength(password, "password", "pbkdf2");
  const s = bytesLength(salt, "salt", "pbkdf2");
  assertInteger(iterations, 1, 0xffffffff, "iterations", "pbkdf2");
  assertInteger(length, 1, 2 ** 32 - 1, "length", "pbkdf2");
  const out = new Uint8Array(length);
  wasm();
  try {
    loadKey(password, p);
    // The context after the salt; each block of output starts from it.
    wasm().hmac_begin(ctxPtr, keyPtr);
    absorb(salt, s);
    for (let done = 0; done < length; ) {
      const n = Math.min(length - done, ioSize);
      wasm().pbkdf2(ioPtr, n, keyPtr, ctxPtr, iterations, done / 32 + 1);
      out.set(ioBytes.subarray(0, n), done);
      done += n;
    }
    return out;
  } catch (e) {
    out.fill(0);
    throw e;
  } finally {
    wipe(Math.max(p, s, length));
  }
}
