// The caller-side JavaScript of a hasher's executeHashComputations, timed
// on its own by bench/ssz.js to split the hash step per node: what stays on
// the calling thread whatever does the hashing, since the nodes live in the
// caller's heap. Written as sha256-simd's hasher (js/hasher.js) runs it:
// each pair's two HashObjects packed into 16 words of a batch of 16,384
// pairs (the dest kept for later), and each result's 8 words read into one
// reused object that dest.applyHash() copies into the node.
const BATCH = 16384;
const words = new Int32Array(16 * BATCH);
const dests = new Array(BATCH).fill(null);
const result = {h0: 0, h1: 0, h2: 0, h3: 0, h4: 0, h5: 0, h6: 0, h7: 0};

/** Reads every HashComputation, deepest level first, and packs its inputs. */
export function pack(hcByLevel) {
  for (let level = hcByLevel.length - 1; level >= 0; level--) {
    let j = 0;
    for (const {src0, src1, dest} of hcByLevel[level]) {
      const i = 16 * j;
      words[i] = src0.h0;
      words[i + 1] = src0.h1;
      words[i + 2] = src0.h2;
      words[i + 3] = src0.h3;
      words[i + 4] = src0.h4;
      words[i + 5] = src0.h5;
      words[i + 6] = src0.h6;
      words[i + 7] = src0.h7;
      words[i + 8] = src1.h0;
      words[i + 9] = src1.h1;
      words[i + 10] = src1.h2;
      words[i + 11] = src1.h3;
      words[i + 12] = src1.h4;
      words[i + 13] = src1.h5;
      words[i + 14] = src1.h6;
      words[i + 15] = src1.h7;
      dests[j] = dest;
      j = j + 1 === BATCH ? 0 : j + 1;
    }
  }
  // Dropped so the batch does not keep the state alive.
  dests.fill(null);
}

/** Each level's dests as an array (untimed), so apply() times only the applying. */
export const destsByLevel = (hcByLevel) => hcByLevel.map((level) => Array.from(level, (hc) => hc.dest));

/** Applies a result to every dest, deepest level first; no hashing, so the values are whatever the words hold. */
export function apply(byLevel) {
  for (let level = byLevel.length - 1; level >= 0; level--) {
    const ds = byLevel[level];
    for (let j = 0; j < ds.length; j++) {
      const i = 8 * (j % BATCH);
      result.h0 = words[i];
      result.h1 = words[i + 1];
      result.h2 = words[i + 2];
      result.h3 = words[i + 3];
      result.h4 = words[i + 4];
      result.h5 = words[i + 5];
      result.h6 = words[i + 6];
      result.h7 = words[i + 7];
      ds[j].applyHash(result);
    }
  }
}
