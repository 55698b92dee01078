// A soak of sha256-simd/pool, outside the test suite: mixed pool calls for
// several minutes while workers exit, hang, throw, stall and are terminated
// from outside, every result checked against an oracle computed once at the
// start (node:crypto, and persistent-merkle-tree's hashtree hasher), and the
// process's memory sampled after each garbage collection.
//
//   node --expose-gc test/scripts/pool-soak.js [--minutes 10] [--threads 3] [--out FILE]
import assert from "node:assert/strict";
import {createHash} from "node:crypto";
import {writeFileSync} from "node:fs";
import {parseArgs} from "node:util";
import {LeafNode, subtreeFillToContents} from "@chainsafe/persistent-merkle-tree";
import {hasher as hashtree} from "@chainsafe/persistent-merkle-tree/hasher/hashtree";
import {createHashPool} from "../../js/pool.js";
import {faultyWorkers} from "../fixtures/faults.js";
import {pseudoRandomBytes} from "../support/bytes.js";

const {values: args} = parseArgs({options: {minutes: {type: "string", default: "10"}, threads: {type: "string", default: "3"}, out: {type: "string"}}});
const minutes = Number(args.minutes);
const threads = Number(args.threads);
const gc = globalThis.gc ?? (() => {});
const sha256 = (bytes) => createHash("sha256").update(bytes).digest();

// Inputs and what they must give, from the oracles.
const messages = 20000;
const input = pseudoRandomBytes(64 * messages, 1);
const hashed = new Uint8Array(32 * messages);
for (let i = 0; i < messages; i++) hashed.set(sha256(input.subarray(64 * i, 64 * i + 64)), 32 * i);
const many = Array.from({length: 6000}, (_, i) => pseudoRandomBytes((i * 37) % 700, i));
const manyDigests = many.map(sha256);
const chunks = pseudoRandomBytes(32 * 2 ** 15, 2);
const chunksRoot = new Uint8Array(32);
hashtree.merkleizeBlocksBytes(chunks.slice(), 2 ** 16, chunksRoot, 0);
const leaves = 3 * 2 ** 12 + 5;
const leafBytes = pseudoRandomBytes(32 * leaves, 3);
const padded = new Uint8Array(32 * 2 ** 14);
padded.set(leafBytes);
const treeRoot = new Uint8Array(32);
hashtree.merkleizeBlocksBytes(padded, 2 ** 14, treeRoot, 0);

const calls = {
  hashInto: (pool) => {
    const out = new Uint8Array(hashed.length);
    pool.hashInto(input, out);
    return Buffer.compare(out, hashed) === 0;
  },
  digestMany: (pool) => pool.digestMany(many).every((d, i) => Buffer.compare(d, manyDigests[i]) === 0),
  merkleizeBlocksBytes: (pool) => {
    const root = new Uint8Array(32);
    pool.hasher.merkleizeBlocksBytes(chunks, 2 ** 16, root, 0);
    return Buffer.compare(root, chunksRoot) === 0;
  },
  executeHashComputations: (pool) => {
    const nodes = Array.from({length: leaves}, (_, i) => LeafNode.fromRoot(leafBytes.subarray(32 * i, 32 * i + 32)));
    const hcByLevel = [];
    const root = subtreeFillToContents(nodes, 14, 0, hcByLevel);
    pool.hasher.executeHashComputations(hcByLevel);
    return Buffer.compare(root.root, treeRoot) === 0;
  },
};
const names = Object.keys(calls);

const faults = faultyWorkers();
const pool = await createHashPool({threads, timeoutMs: 300, [Symbol.for("sha256-simd/pool.spreadLevels")]: "always", [Symbol.for("sha256-simd/pool.workerScript")]: faults.script});
assert.equal(pool.threads, threads);
const kinds = ["exit", "hang", "throw", "stall", "terminate"];
const injected = Object.fromEntries(kinds.map((k) => [k, 0]));
const done = Object.fromEntries(names.map((n) => [n, 0]));
let wrong = 0;
let errors = 0;
const rss = [];
const start = performance.now();
let nextFault = start + 1000;
let nextSample = start;
let seed = 12345;
const random = (n) => ((seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) >>> 8) % n;

while (performance.now() - start < minutes * 60000) {
  const now = performance.now();
  if (now >= nextFault) {
    // About one fault a second, into a random worker.
    const kind = kinds[random(kinds.length)];
    const worker = random(threads - 1);
    if (kind === "terminate") faults.started.at(-1 - random(Math.min(threads - 1, faults.started.length))).terminate();
    else faults.inject(worker, kind);
    injected[kind]++;
    nextFault = now + 500 + random(1000);
  }
  if (now >= nextSample) {
    gc();
    rss.push({s: Math.round((now - start) / 1000), mb: Math.round(process.memoryUsage().rss / 2 ** 20)});
    nextSample = now + 10000;
  }
  const name = names[random(names.length)];
  try {
    if (!calls[name](pool)) {
      wrong++;
      console.error(`wrong result from ${name}`, pool.stats());
    }
  } catch (e) {
    errors++;
    console.error(name, e);
  }
  done[name]++;
  // Turns of the event loop, where replacements start.
  if (random(4) === 0) await new Promise((resolve) => setTimeout(resolve, random(20)));
}

const stats = pool.stats();
await pool.close();
const firstMinute = rss.filter((r) => r.s >= 60 && r.s < 120).map((r) => r.mb);
const lastMinute = rss.slice(-6).map((r) => r.mb);
const report = {minutes, threads, node: process.version, calls: done, wrong, errors, injected, stats, rss};
console.log(JSON.stringify({...report, rss: undefined}, null, 1));
console.log(`RSS after gc, MB: second minute ${Math.min(...firstMinute)}-${Math.max(...firstMinute)}, last minute ${Math.min(...lastMinute)}-${Math.max(...lastMinute)}`);
if (args.out) writeFileSync(args.out, JSON.stringify(report, null, 1) + "\n");
process.exitCode = wrong === 0 && errors === 0 ? 0 : 1;
