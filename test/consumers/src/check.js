// The "everything" page's check, as a bundler builds it from the installed
// tarball: every function of sha256-simd, sha256-simd/hasher and
// sha256-simd/pool against WebCrypto, the backend, and the pool at 2 threads
// against the single-threaded calls. Returns {backend, threads, noThreads,
// problems}; an empty problems list is a pass.
import * as lib from "sha256-simd";
import {hasher} from "sha256-simd/hasher";
import {createHashPool} from "sha256-simd/pool";
import {bytes, concat, hex} from "./bytes.js";

const subtle = globalThis.crypto.subtle;
const sha256 = async (data) => new Uint8Array(await subtle.digest("SHA-256", data));

async function hmacOf(key, data) {
  const k = await subtle.importKey("raw", key, {name: "HMAC", hash: "SHA-256"}, false, ["sign"]);
  return new Uint8Array(await subtle.sign("HMAC", k, data));
}

async function derive(name, secret, params, length) {
  const k = await subtle.importKey("raw", secret, name, false, ["deriveBits"]);
  return new Uint8Array(await subtle.deriveBits({name, hash: "SHA-256", ...params}, k, 8 * length));
}

/** The root of `chunks` (32-byte leaves) padded with zero chunks to 2^depth, level by level with WebCrypto. */
async function merkleRoot(chunks, depth) {
  let level = Array.from({length: 2 ** depth}, (_, i) => (32 * i < chunks.length ? chunks.subarray(32 * i, 32 * i + 32) : new Uint8Array(32)));
  while (level.length > 1) {
    const next = [];
    for (let i = 0; i < level.length; i += 2) next.push(await sha256(concat(level[i], level[i + 1])));
    level = next;
  }
  return level[0];
}

export async function checkAll({poolWorkerUrl} = {}) {
  const problems = [];
  const same = (name, actual, expected) => {
    if (!(actual instanceof Uint8Array) || hex(actual) !== hex(expected)) problems.push(name);
  };
  const m64 = bytes(64, 1);
  const [a, b] = [m64.subarray(0, 32), m64.subarray(32)];
  const d64 = await sha256(m64);

  for (const n of [0, 1, 55, 56, 64, 1000, 70000]) same(`digest of ${n} bytes`, lib.digest(bytes(n, n)), await sha256(bytes(n, n)));
  same("digest64", lib.digest64(m64), d64);
  const out = new Uint8Array(32);
  lib.digest64Into(m64, out);
  same("digest64Into", out, d64);
  same("digest2Bytes32", lib.digest2Bytes32(a, b), d64);
  lib.digest2Bytes32Into(a, b, out);
  same("digest2Bytes32Into", out, d64);
  const [ha, hb] = [lib.byteArrayToHashObject(a, 0), lib.byteArrayToHashObject(b, 0)];
  same("byteArrayToHashObject, hashObjectToByteArray", (() => {
    const back = new Uint8Array(32);
    lib.hashObjectToByteArray(ha, back, 0);
    return back;
  })(), a);
  const ho = lib.digest64HashObjects(ha, hb);
  const hoBytes = new Uint8Array(32);
  lib.hashObjectToByteArray(ho, hoBytes, 0);
  same("digest64HashObjects", hoBytes, d64);
  const into = lib.byteArrayToHashObject(new Uint8Array(32), 0);
  lib.digest64HashObjectsInto(ha, hb, into);
  lib.hashObjectToByteArray(into, hoBytes, 0);
  same("digest64HashObjectsInto", hoBytes, d64);
  lib.byteArrayIntoHashObject(d64, 0, into);
  lib.hashObjectToByteArray(into, hoBytes, 0);
  same("byteArrayIntoHashObject", hoBytes, d64);

  const four = [0, 1, 2, 3].map((i) => bytes(64, 10 + i));
  const fourDigests = await Promise.all(four.map(sha256));
  lib.batchHash4UintArray64s(four).forEach((d, i) => same(`batchHash4UintArray64s[${i}]`, d, fourDigests[i]));
  lib.hash4Input64s(four).forEach((d, i) => same(`hash4Input64s[${i}]`, d, fourDigests[i]));
  const eight = four.flatMap((m) => [lib.byteArrayToHashObject(m, 0), lib.byteArrayToHashObject(m, 32)]);
  lib.batchHash4HashObjectInputs(eight).forEach((h, i) => {
    const got = new Uint8Array(32);
    lib.hashObjectToByteArray(h, got, 0);
    same(`batchHash4HashObjectInputs[${i}]`, got, fourDigests[i]);
  });
  const many = bytes(64 * 300, 5);
  const manyOut = new Uint8Array(32 * 300);
  lib.hashInto(many, manyOut);
  for (let i = 0; i < 300; i += 37) same(`hashInto message ${i}`, manyOut.subarray(32 * i, 32 * i + 32), await sha256(many.subarray(64 * i, 64 * i + 64)));

  const stream = new lib.SHA256();
  const long = bytes(5000, 9);
  for (let at = 0; at < long.length; at += 777) stream.update(long.subarray(at, at + 777));
  same("SHA256 streaming", stream.final(), await sha256(long));
  const messages = [0, 3, 64, 200, 4096].map((n) => bytes(n, n + 100));
  const expected = await Promise.all(messages.map(sha256));
  lib.digestMany(messages).forEach((d, i) => same(`digestMany[${i}]`, d, expected[i]));
  const manyInto = new Uint8Array(32 * messages.length);
  lib.digestManyInto(messages, manyInto);
  same("digestManyInto", manyInto, concat(...expected));
  same("digestParts", lib.digestParts(messages), await sha256(concat(...messages)));

  const key = bytes(80, 21);
  same("hmac", lib.hmac(key, long), await hmacOf(key, long));
  const mac = new lib.HMAC(key);
  mac.update(long.subarray(0, 100));
  mac.update(long.subarray(100));
  same("HMAC streaming", mac.final(), await hmacOf(key, long));
  const [ikm, salt, info] = [bytes(22, 1), bytes(13, 2), bytes(10, 3)];
  same("hkdf", lib.hkdf(ikm, salt, info, 42), await derive("HKDF", ikm, {salt, info}, 42));
  const prk = lib.hkdfExtract(salt, ikm);
  same("hkdfExtract", prk, await hmacOf(salt, ikm));
  same("hkdfExpand", lib.hkdfExpand(prk, info, 42), await derive("HKDF", ikm, {salt, info}, 42));
  same("pbkdf2", lib.pbkdf2(bytes(8, 4), salt, 1000, 40), await derive("PBKDF2", bytes(8, 4), {salt, iterations: 1000}, 40));
  if (lib.allocUnsafe(32).length !== 32) problems.push("allocUnsafe");

  same("hasher.digest64", hasher.digest64(a, b), d64);
  const chunks = bytes(32 * 100, 8);
  const root = new Uint8Array(32);
  hasher.merkleizeBlocksBytes(chunks, 128, root, 0);
  same("hasher.merkleizeBlocksBytes", root, await merkleRoot(chunks, 7));
  same("hasher.digestNLevel", hasher.digestNLevel(bytes(128, 6), 2), await merkleRoot(bytes(128, 6), 2));

  // The pool at 2 threads: the same results as the single-threaded calls, on enough work to be spread.
  const pool = await createHashPool(poolWorkerUrl === undefined ? {threads: 2} : {threads: 2, workerUrl: poolWorkerUrl});
  const threads = pool.threads;
  const {noThreads} = pool.stats();
  try {
    const big = bytes(64 * 2 ** 14, 11);
    const [single, pooled] = [new Uint8Array(32 * 2 ** 14), new Uint8Array(32 * 2 ** 14)];
    lib.hashInto(big, single);
    pool.hashInto(big, pooled);
    same("pool.hashInto", pooled, single);
    same("pool.hashInto, one message against WebCrypto", pooled.subarray(32 * 999, 32 * 1000), await sha256(big.subarray(64 * 999, 64 * 1000)));
    const list = Array.from({length: 3000}, (_, i) => big.subarray(i * 300, i * 300 + (i % 700)));
    same("pool.digestMany", concat(...pool.digestMany(list)), concat(...lib.digestMany(list)));
    const [r1, r2] = [new Uint8Array(32), new Uint8Array(32)];
    hasher.merkleizeBlocksBytes(big, 2 ** 16, r1, 0);
    pool.hasher.merkleizeBlocksBytes(big, 2 ** 16, r2, 0);
    same("pool.hasher.merkleizeBlocksBytes", r2, r1);
    if (pool.stats().failed + pool.stats().exited + pool.stats().hung !== 0) problems.push(`pool workers failed: ${JSON.stringify(pool.stats())}`);
  } finally {
    await pool.close();
  }
  return {backend: lib.backend, threads, noThreads, problems};
}
