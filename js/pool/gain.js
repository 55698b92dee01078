// Whether a batch of HashComputations gains from the pool's threads, by
// measuring. Only the hashing of such a batch moves to a worker: the caller
// still reads every pair and applies every result, since the HashObjects
// live in its heap, so whether it gains flips with the CPU and the
// machine's load (docs/performance-notes.md, "ssz's BeaconState workload on the pool").
// Batches large enough to spread are timed per pair, those done alone and
// those spread, and such a batch is spread while spreading measures faster;
// where it does not, one batch in RETRY is spread anyway, so that a change
// is seen. Smaller batches are not compared: their pairs cost less each.

/** While spreading measures slower, one eligible batch in RETRY is spread to time it again. */
const RETRY = 8;
/** Each timing's weight in the running figure per pair. */
const WEIGHT = 0.25;

export class Gain {
  /** ns per pair, as a running figure; 0 until timed. */
  alone = 0;
  spread = 0;
  #skipped = 0;
  /** @type {boolean | null} Which way the last timing was, spread or not; null before the first. */
  #last = null;
  #always;

  /** @param {boolean} always Spread every level, unmeasured (tests). */
  constructor(always) {
    this.#always = always;
  }

  /**
   * Whether to spread the next batch that is large enough to.
   * @returns {boolean}
   */
  shouldSpread() {
    if (this.#always || this.spread === 0) return true;
    if (this.alone === 0) return false;
    if (this.spread < this.alone || ++this.#skipped >= RETRY) {
      this.#skipped = 0;
      return true;
    }
    return false;
  }

  /**
   * Counts a batch of `pairs` pairs, large enough to spread, that took ms, spread or not.
   * @param {boolean} spread
   * @param {number} pairs
   * @param {number} ms
   */
  time(spread, pairs, ms) {
    const ns = (ms * 1e6) / pairs;
    // A figure not timed since the other way was is stale: the new timing replaces it.
    const fresh = spread !== this.#last;
    this.#last = spread;
    if (spread) this.spread = fresh ? ns : this.spread + WEIGHT * (ns - this.spread);
    else this.alone = fresh ? ns : this.alone + WEIGHT * (ns - this.alone);
  }
}
