// Shared by every test file.
import assert from "node:assert/strict";
import {createHash} from "node:crypto";
import {concatBytes as concatList, pseudoRandomBytes, pseudoRandomInts} from "./bytes.js";
import * as source from "../../js/index.js";
import {choices} from "../../js/core/engine.js";
import {useShape} from "../../js/core/lanes.js";
import {useSingleStream} from "../../js/core/loader.js";
// The package as Node, Bun and Deno resolve its name: the generated bundle,
// which most suites import as "sha256-simd", with what the tests set on it
// beside the API (tools/bundle.mjs).
import * as bundle from "../../js/generated/server.js";
import * as byName from "sha256-simd";

if (byName.digest !== bundle.digest) throw new Error("sha256-simd does not resolve to js/generated/server.js here");
// The suites test wasm at every length, on the bundle as on js/ (whose entry
// has no node:crypto); native-digest.test.js tests the hand-over.
bundle.useNativeDigest(() => undefined);

/**
 * The two copies of the package a suite may test, each with what forces its
 * choices: a suite that reads js/'s internals tests js/, and one that needs
 * none the bundle.
 */
const copies = [
  {name: "js/", api: source, useSingleStream, useShape},
  {name: "js/generated/server.js", api: bundle, useSingleStream: bundle.useSingleStream, useShape: bundle.useShape},
];

// Every backend: the SIMD modules twice, with each single-stream compression
// and 4-lane shape the loader may choose (js/core/engine.js, js/core/lanes.js),
// as all must be right whichever engine and CPU run the tests; and the
// portable build, plain JavaScript.
export const modules = [
  {name: "SIMD modules", backend: "simd", simd: true, singleStream: "simd", lanes: "x4"},
  {name: "SIMD modules, scalar single stream and x4m lanes (JavaScriptCore's)", backend: "simd", simd: true, singleStream: "scalar", lanes: "x4m"},
  {name: "portable backend", backend: "js", simd: false},
];

/**
 * Runs the suite `fn` once per wasm module, with that module forced on both
 * copies of the package, and restores the default module afterwards. The
 * whole API is then tested under every module and each engine's choices in
 * the SIMD one.
 */
export function forEachModule(title, fn) {
  for (const m of modules) {
    describe(`${title} (${m.name})`, function () {
      before(function () {
        for (const c of copies) {
          c.api.reinitializeInstance(m.simd);
          if (c.api.backend !== m.backend || c.api.simdEnabled !== m.simd) throw new Error(`could not force the ${m.name} in ${c.name}`);
          if (m.singleStream) c.useSingleStream(m.singleStream);
          if (m.lanes) c.useShape(m.lanes);
        }
      });
      after(function () {
        for (const c of copies) {
          c.api.reinitializeInstance();
          c.useShape(choices.lanes);
        }
      });
      fn(m);
    });
  }
}

/** The oracle: node:crypto (OpenSSL). */
export function sha256Oracle(data) {
  return new Uint8Array(createHash("sha256").update(data).digest());
}

export function toHex(bytes) {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString("hex");
}

export {pseudoRandomBytes, pseudoRandomInts};

/** The arguments, one after another, in a new Uint8Array. */
export const concatBytes = (...parts) => concatList(parts);

/** Compares as hex, so a failure shows both digests. */
export function assertBytesEqual(actual, expected, message) {
  assert.ok(actual instanceof Uint8Array, `${message ?? "result"}: expected a Uint8Array`);
  assert.equal(toHex(actual), toHex(expected), message);
}

/**
 * A HashObject built from 32 pseudo-random bytes with DataView, independently
 * of the code under test; `unsigned` gives words in [0, 2^32) instead of signed.
 */
export function pseudoRandomHashObject(seed, unsigned = false) {
  const view = new DataView(pseudoRandomBytes(32, seed).buffer);
  const obj = {};
  for (let i = 0; i < 8; i++) obj[`h${i}`] = unsigned ? view.getUint32(4 * i, true) : view.getInt32(4 * i, true);
  return obj;
}

/** The 32 bytes a HashObject stands for: h0..h7, each little-endian. */
export function hashObjectBytes(obj) {
  const view = new DataView(new ArrayBuffer(32));
  for (let i = 0; i < 8; i++) view.setUint32(4 * i, obj[`h${i}`] >>> 0, true);
  return new Uint8Array(view.buffer);
}

/** The error that fn() throws, or null if it returns. */
export function errorOf(fn) {
  try {
    fn();
    return null;
  } catch (e) {
    return e;
  }
}
