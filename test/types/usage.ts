// Type-checked use of every export, through the package's own name so that the
// "exports" map of package.json is checked too. `tsc --noEmit -p test/types`
// fails if a declaration is missing, too loose (a @ts-expect-error line then
// compiles) or too strict (a valid call then fails).
import {
  type HashObject,
  SHA256,
  allocUnsafe,
  batchHash4HashObjectInputs,
  batchHash4UintArray64s,
  byteArrayIntoHashObject,
  byteArrayToHashObject,
  digest,
  digest2Bytes32,
  digest2Bytes32Into,
  digest64,
  digest64HashObjects,
  digest64HashObjectsInto,
  digest64Into,
  hash4Input64s,
  hash8HashObjects,
  hashInto,
  hashObjectToByteArray,
  backend,
  reinitializeInstance,
  simdEnabled,
  HMAC,
  digestMany,
  digestManyInto,
  digestParts,
  hkdf,
  hkdfExpand,
  hkdfExtract,
  hmac,
  pbkdf2,
} from "sha256-simd";
import * as portable from "sha256-simd/portable";
import * as ours from "sha256-simd";
import type * as asSha256 from "@chainsafe/as-sha256";

const bytes32: Uint8Array = allocUnsafe(32);
const bytes64: Uint8Array = new Uint8Array(64);
const empty: Uint8Array = allocUnsafe();

const d1: Uint8Array = digest(bytes64);
const d2: Uint8Array = digest64(bytes64);
const d3: Uint8Array = digest2Bytes32(bytes32, bytes32);
const nothing1: void = digest64Into(bytes64, bytes32);
const nothing2: void = digest2Bytes32Into(bytes32, bytes32, bytes32);

const obj: HashObject = byteArrayToHashObject(d1, 0);
byteArrayIntoHashObject(d2, 0, obj);
hashObjectToByteArray(obj, d3, 0);
const h1: HashObject = digest64HashObjects(obj, obj);
digest64HashObjectsInto(obj, h1, obj);

const four: Uint8Array[] = batchHash4UintArray64s([bytes64, bytes64, bytes64, bytes64]);
const fourAgain: Uint8Array[] = hash4Input64s(four);
const objs: HashObject[] = batchHash4HashObjectInputs([obj, obj, obj, obj, obj, obj, obj, obj]);
const objsAgain: HashObject[] = hash8HashObjects(objs);
hashInto(new Uint8Array(128), new Uint8Array(64));

const hasher: SHA256 = new SHA256();
const chained: SHA256 = hasher.init().update(bytes32).update(empty);
const final: Uint8Array = chained.final();

const simd: boolean = simdEnabled;
const chosen: "simd" | "scalar" | "js" = backend;
// @ts-expect-error backend is one of three names
const notABackend: "wasm" = backend;
const portableDigest: Uint8Array = portable.digest(bytes64);
reinitializeInstance();
reinitializeInstance(!simd);
// A Buffer is a Uint8Array, as in as-sha256's types.
const fromArrayBuffer: Uint8Array = digest(new Uint8Array(new ArrayBuffer(8), 4));

// Wrong uses that the declarations must reject.
// @ts-expect-error strings are not bytes
digest("abc");
// @ts-expect-error digest64 takes one argument
digest64(bytes64, bytes32);
// @ts-expect-error a Uint16Array is not a Uint8Array
digest64(new Uint16Array(32));
// @ts-expect-error output is required
digest64Into(bytes64);
// @ts-expect-error digest2Bytes32 takes two halves
digest2Bytes32(bytes64);
// @ts-expect-error a HashObject needs all eight words
digest64HashObjects({h0: 1}, obj);
// @ts-expect-error the words are numbers
digest64HashObjectsInto(obj, obj, {...obj, h7: "0"});
// @ts-expect-error batch inputs are an array
batchHash4UintArray64s(bytes64);
// @ts-expect-error batchHash4HashObjectInputs takes HashObjects
batchHash4HashObjectInputs([bytes32]);
// @ts-expect-error hashInto needs an output
hashInto(bytes64);
// @ts-expect-error update takes bytes
hasher.update("abc");
// @ts-expect-error simdEnabled is read-only from outside the module
simdEnabled = true;
// @ts-expect-error reinitializeInstance returns nothing useful
const notABoolean: boolean = reinitializeInstance();
// @ts-expect-error byteArrayToHashObject needs an offset
byteArrayToHashObject(bytes32);
// @ts-expect-error allocUnsafe takes a size
allocUnsafe("32");

const tag: Uint8Array = hmac(bytes32, bytes64);
const kept = new HMAC(bytes32);
const tags: Uint8Array[] = [kept.init().update(bytes64).final(), kept.mac(bytes64)];
kept.destroy();
const okm: Uint8Array = hkdf(bytes32, undefined, undefined, 96);
const prk: Uint8Array = hkdfExtract(undefined, bytes32);
const okm2: Uint8Array = hkdfExpand(prk, bytes64, 42);
const dk: Uint8Array = pbkdf2(bytes32, bytes64, 1000, 32);
const parts: Uint8Array = digestParts([bytes32, bytes64]);
const many: Uint8Array[] = digestMany([bytes32, bytes64]);
digestManyInto([bytes32], bytes32);
// @ts-expect-error hkdf needs a length
hkdf(bytes32, bytes32, bytes32);
// @ts-expect-error pbkdf2 counts are numbers
pbkdf2(bytes32, bytes32, "1000", 32);
// @ts-expect-error digestMany takes an array of messages
digestMany(bytes64);
// @ts-expect-error destroy returns nothing
const notBytes: Uint8Array = kept.destroy();

// A drop-in for @chainsafe/as-sha256: every export but its SHA256 class
// (whose private members make it nominal) has a type that theirs accepts,
// and HashObjects pass both ways.
const dropIn: Omit<typeof asSha256, "SHA256"> = ours;
const theirObject: asSha256.HashObject = obj;
const ourObject: HashObject = theirObject;
export const dropInUse = [dropIn, ourObject];

export const usedToo = [tag, tags, okm, okm2, dk, parts, many, notBytes];
export const used = [d1, d2, d3, nothing1, nothing2, fourAgain, objsAgain, final, fromArrayBuffer, notABoolean, chosen, notABackend, portableDigest];
