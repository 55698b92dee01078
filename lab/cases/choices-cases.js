// Every row of ENGINE_CHOICES (js/core/engine.js) timed each way, interleaved,
// whatever this engine's row says: the figures behind the rows for each CPU
// and engine it runs on (lab/choices.js; docs/performance-notes.md, "Per-engine
// choices", "The 4-lane shape"). Environment-neutral: lab/internals.js comes in.
import {grid} from "../../bench/report/table.js";
import {interleave} from "../../bench/timing/runner.js";

let sink = 0;

const bytes = (n, seed) => Uint8Array.from({length: n}, (_, i) => (i * 31 + seed) & 255);
const bestMedian = (t) => `${t.bestNs.toFixed(1)} / ${t.medianNs.toFixed(1)}`;

/**
 * The rows, each {row, ways: {way: use}, cases: {name: (use) => fn}, calls}: a case given a
 * way's `use` returns the function that runs it once; `calls` of it make a timed batch.
 * singleStream switches the module's compression once per batch, which long batches hide.
 */
function makeRows({alloc, check, io: {copySmall, ioBytes, ioDigest, ioPtr}, loader: {core, simdEnabled, useSingleStream}}) {
  const [data64, b1, b2, out32] = [bytes(64, 1), bytes(32, 2), bytes(32, 3), new Uint8Array(32)];
  const slab = new ArrayBuffer(64 * 112);
  let chunk = new Uint8Array(0);
  let chunkAt = 0;
  // The smallCopy and digests rows' ways are made as js/core/io.js and alloc.js make them, which keep only this engine's way.
  const rows = [
    {
      row: "singleStream",
      ways: {simd: "simd", scalar: "scalar"},
      calls: 2000,
      cases: {
        "hash64_x1, one message": () => () => core.hash64_x1(ioPtr, ioPtr, 1),
        "digest, 32 B": () => () => core.digest(ioPtr, ioPtr, 32),
        "digest, 1 KiB": () => () => core.digest(ioPtr, ioPtr, 1024),
      },
      before: (way) => useSingleStream(way),
    },
    {
      row: "smallCopy",
      ways: {
        set: (dst, src, n, at = 0) => check.setBytes(dst, src, at),
        loop: (dst, src, n, at = 0) => {
          for (let i = 0; i < n; i++) dst[at + i] = src[i];
        },
      },
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
      ways: {
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
      },
      calls: 1000,
      cases: {"a digest of the I/O buffer's first 32 bytes": (make) => () => (sink += make(ioDigest)[0])},
    },
    {
      row: "contexts",
      ways: {own: (n) => new Uint8Array(n), slab: (n) => new Uint8Array(slab, 112, n)},
      calls: 1000,
      cases: {"a SHA256 object's 112-byte context": (make) => () => (sink += make(112).length)},
    },
  ];
  // singleStream's ways exist only where the SIMD module loaded.
  return simdEnabled ? rows : rows.slice(1);
}

/**
 * Each row's cases timed each way, with this engine's row of ENGINE_CHOICES,
 * as markdown: best and median ns per call, and the fastest way by each.
 */
export function choicesTable({internals, rounds = 15, ms = 40}) {
  const {choices} = internals.engine;
  const lines = [];
  for (const {row, ways, calls, cases, before = () => {}} of makeRows(internals)) {
    const names = Object.keys(ways);
    const body = Object.entries(cases).map(([name, make]) => {
      const contenders = {};
      for (const way of names) {
        const fn = make(ways[way]);
        contenders[way] = () => {
          before(ways[way]);
          for (let i = 0; i < calls; i++) fn();
        };
      }
      const t = interleave(contenders, {rounds, ms, per: calls, warmup: 3});
      const fastest = (key) => names.reduce((a, b) => (t[b][key] < t[a][key] ? b : a));
      return [name, ...names.map((w) => bestMedian(t[w])), `${fastest("bestNs")} / ${fastest("medianNs")}`];
    });
    before(choices[row]);
    const head = ["case", ...names.map((w) => `${w} best / median ns`), "fastest, best / median"];
    lines.push(`${row} (this engine's row: ${choices[row]})\n`, grid(head, body, true), "");
  }
  lines.push(`lanes (this engine's row: ${choices.lanes}), through hashInto\n`, shapesTable({internals, rounds, ms}));
  return lines.join("\n") + (sink === 0.5 ? " " : "");
}

/**
 * The two 4-lane shapes, x4 and x4m (js/core/lanes.js), through hashInto (the lanes row): per
 * message count, each shape's best and median ns per message and x4m's over x4's, as markdown.
 */
function shapesTable({internals: {api: {hashInto}, lanes: {useShape}, engine}, rounds, ms, counts = [4, 64, 4096], calls = 20}) {
  const body = counts.map((n) => {
    const input = new Uint8Array(64 * n).fill(n & 255);
    const output = new Uint8Array(32 * n);
    const run = (shape) => () => {
      useShape(shape);
      for (let i = 0; i < calls; i++) hashInto(input, output);
    };
    const {x4, x4m} = interleave({x4: run("x4"), x4m: run("x4m")}, {rounds, ms, per: calls * n, warmup: 3});
    return [n, bestMedian(x4), bestMedian(x4m), `${(x4m.bestNs / x4.bestNs).toFixed(3)} / ${(x4m.medianNs / x4.medianNs).toFixed(3)}`];
  });
  useShape(engine.choices.lanes);
  return grid(["messages a call", "x4 best / median ns", "x4m best / median ns", "x4m ÷ x4, best / median"], body, true) + "\n";
}
