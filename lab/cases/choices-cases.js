// Every row of ENGINE_CHOICES (js/core/engine.js) timed each way in this
// engine, interleaved, whatever its row says: the figures behind the rows
// (docs/performance-notes.md, "Per-engine choices"), for each CPU and engine
// anyone runs it on (lab/choices.js). Environment-neutral: the clock and
// the package's internals (lab/internals.js) come in.
import {interleave} from "../../bench/timing/runner.js";
import {shapesTable} from "./shapes-cases.js";

let sink = 0;

const bytes = (n, seed) => Uint8Array.from({length: n}, (_, i) => (i * 31 + seed) & 255);

/**
 * The rows, each {row, ways: {way: use}, cases: {name: (use) => fn}, calls}:
 * a case given a way's `use` returns the function that runs it once; `calls`
 * of it make a timed batch. singleStream switches the module's compression
 * once per batch, so its batches are long enough for that to vanish in them.
 */
function makeRows({alloc, check, io, loader}) {
  const {core, simdEnabled, useSingleStream} = loader;
  const {copySmall, ioBytes, ioDigest, ioPtr} = io;
  // The ways of the smallCopy and digests rows as js/core/io.js and alloc.js
  // make them, each of which keeps only this engine's way.
  const copyByLoop = (dst, src, n, at = 0) => {
    for (let i = 0; i < n; i++) dst[at + i] = src[i];
  };
  const copyBySet = (dst, src, n, at = 0) => check.setBytes(dst, src, at);
  let chunk = new Uint8Array(0);
  let chunkAt = 0;
  const digestMakers = {
    // 32-byte views of 2 KiB chunks of Buffer's pool, where there is one.
    views: (src) => {
      if (chunkAt === chunk.length) [chunk, chunkAt] = [alloc.allocUnsafe(2048), 0];
      const out = new Uint8Array(chunk.buffer, chunk.byteOffset + chunkAt, 32);
      chunkAt += 32;
      copySmall(out, src, 32);
      return out;
    },
    copied: (src) => new Uint8Array(src),
    fresh: (src) => {
      const out = new Uint8Array(32);
      copySmall(out, src, 32);
      return out;
    },
  };
  const [data64, b1, b2, out32] = [bytes(64, 1), bytes(32, 2), bytes(32, 3), new Uint8Array(32)];
  const slab = new ArrayBuffer(64 * 112);
  const rows = [];
  if (simdEnabled) {
    rows.push({
      row: "singleStream",
      ways: {simd: "simd", scalar: "scalar"},
      calls: 2000,
      cases: {
        "hash64_x1, one message": () => () => core.hash64_x1(ioPtr, ioPtr, 1),
        "digest, 32 B": () => () => core.digest(ioPtr, ioPtr, 32),
        "digest, 1 KiB": () => () => core.digest(ioPtr, ioPtr, 1024),
      },
      before: (way) => useSingleStream(way),
    });
  }
  rows.push(
    {
      row: "smallCopy",
      ways: {set: copyBySet, loop: copyByLoop},
      calls: 1000,
      cases: {
        "64 B into the I/O buffer": (copy) => () => copy(ioBytes, data64, 64),
        "two of 32 B into it": (copy) => () => {
          copy(ioBytes, b1, 32);
          copy(ioBytes, b2, 32, 32);
        },
        "a digest out of it": (copy) => () => copy(out32, ioDigest, 32),
      },
    },
    {
      row: "digests",
      ways: digestMakers,
      calls: 1000,
      cases: {"a digest of the I/O buffer's first 32 bytes": (make) => () => (sink += make(ioDigest)[0])},
    },
    {
      row: "contexts",
      ways: {own: (n) => new Uint8Array(n), slab: (n) => new Uint8Array(slab, 112, n)},
      calls: 1000,
      cases: {"a SHA256 object's 112-byte context": (make) => () => (sink += make(112).length)},
    },
  );
  return rows;
}

/**
 * Each row's cases timed each way, with this engine's row of ENGINE_CHOICES,
 * as markdown: best and median ns per call, and the fastest way by each.
 */
export function choicesTable({internals, now, rounds = 15, ms = 40}) {
  const {choices} = internals.engine;
  const lines = [];
  for (const {row, ways, calls, cases, before = () => {}} of makeRows(internals)) {
    const names = Object.keys(ways);
    lines.push(`${row} (this engine's row: ${choices[row]})\n`);
    lines.push(`| case | ${names.map((w) => `${w} best / median ns`).join(" | ")} | fastest, best / median |`);
    lines.push(`| --- | ${names.map(() => "---").join(" | ")} | --- |`);
    for (const [name, make] of Object.entries(cases)) {
      const contenders = {};
      for (const way of names) {
        const fn = make(ways[way]);
        contenders[way] = () => {
          before(ways[way]);
          for (let i = 0; i < calls; i++) fn();
        };
      }
      interleave(contenders, {now, rounds: 3, ms, per: calls}); // warm-up: every tier compiled
      const t = interleave(contenders, {now, rounds, ms, per: calls});
      const fastest = (key) => names.reduce((a, b) => (t[b][key] < t[a][key] ? b : a));
      lines.push(`| ${name} | ${names.map((w) => `${t[w].bestNs.toFixed(1)} / ${t[w].medianNs.toFixed(1)}`).join(" | ")} | ${fastest("bestNs")} / ${fastest("medianNs")} |`);
    }
    before(choices[row]);
    lines.push("");
  }
  lines.push(`lanes (this engine's row: ${choices.lanes}), through hashInto\n`, shapesTable({internals, now, rounds, ms}));
  return lines.join("\n") + (sink === 0.5 ? " " : "");
}
