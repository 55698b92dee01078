// The core module of the portable build, under the react-native condition,
// sha256-simd/portable, and as every entry's fallback where no wasm can run:
// the core's C ABI (cpp/sha256.h) written in JavaScript, a third of the bytes
// of the C++ through wasm2js and faster without a JIT (docs/performance-notes.md,
// "The portable core"). Its memory has the core's map (wasm.mk): the I/O buffer
// and context where the module has them, and the constants at TABLES_AT,
// which the add-ons' portable builds (the C++ through wasm2js) read as they
// link to it.

import {extend, padding} from "../../core/tables.js";

// wasm.mk's memory map (test/instance.test.js compares it with the SIMD
// core's): the memory's size, the constants (TABLES_AT), the I/O buffer and
// the context after it.
const MEMORY = 2097152;
const TABLES = 1835008;
const IO = 1024;
const IO_SIZE = 1 << 20;
const CTX = IO + IO_SIZE;

/**
 * A new instance: its exports, as WebAssembly.Instance gives the core module's.
 * @returns {import("../../core/loader.js").CoreExports}
 */
export function portable() {
  const buffer = new ArrayBuffer(MEMORY);
  const u8 = new Uint8Array(buffer);
  const i32 = new Int32Array(buffer);
  const view = new DataView(buffer);
  // The tables (sha256::Tables): K, and IV's word index; and the word
  // indexes of digest()'s context and hash64_x1's state, just below them,
  // where no module has anything (the core's stack ends at 1,115,264).
  const k = new Int32Array(buffer, TABLES, 64);
  const IV = (TABLES >> 2) + 128;
  const DIGEST_CTX = (TABLES >> 2) - 64;
  const STATE = (TABLES >> 2) - 32;
  // A block's message schedule, W[0..63], below those: wiped when a call
  // returns, as it may hold a key's block.
  const w = new Int32Array(buffer, TABLES - 1024, 64);
  // The schedule of the block that pads a 64-byte message.
  const pad = padding();

  /**
   * The 64 rounds on the schedule x into the state at word s.
   * @param {number} s
   * @param {Int32Array} x
   */
  function rounds(s, x) {
    let a = i32[s], b = i32[s + 1], c = i32[s + 2], d = i32[s + 3];
    let e = i32[s + 4], f = i32[s + 5], g = i32[s + 6], h = i32[s + 7];
    for (let t = 0; t < 64; t++) {
      const t1 = h + x[t] + k[t] + (g ^ (e & (f ^ g))) + ((e >>> 6 | e << 26) ^ (e >>> 11 | e << 21) ^ (e >>> 25 | e << 7)) | 0;
      const t2 = ((a >>> 2 | a << 30) ^ (a >>> 13 | a << 19) ^ (a >>> 22 | a << 10)) + ((a & (b ^ c)) ^ (b & c)) | 0;
      h = g;
      g = f;
      f = e;
      e = d + t1 | 0;
      d = c;
      c = b;
      b = a;
      a = t1 + t2 | 0;
    }
    i32[s] += a;
    i32[s + 1] += b;
    i32[s + 2] += c;
    i32[s + 3] += d;
    i32[s + 4] += e;
    i32[s + 5] += f;
    i32[s + 6] += g;
    i32[s + 7] += h;
  }

  /**
   * The block at byte p into the state at word s: a function of its own,
   * called per block, where one loop over every block of a long message ran
   * 1.1x slower under V8's JIT (performance-notes, "The portable core").
   * @param {number} s
   * @param {number} p
   */
  function block(s, p) {
    for (let t = 0; t < 16; t++, p += 4) w[t] = view.getInt32(p);
    extend(w);
    rounds(s, w);
  }

  /**
   * n blocks at byte p into the state at byte `state`.
   * @param {number} state
   * @param {number} p
   * @param {number} n
   */
  function compress(state, p, n) {
    for (; n > 0; n--, p += 64) block(state >> 2, p);
  }

  /**
   * The state at word s as a big-endian digest at byte `out`.
   * @param {number} out
   * @param {number} s
   */
  function store(out, s) {
    for (let i = 0; i < 8; i++, out += 4) {
      const x = i32[s + i];
      u8[out] = x >>> 24;
      u8[out + 1] = x >>> 16;
      u8[out + 2] = x >>> 8;
      u8[out + 3] = x;
    }
  }

  // sha256::Ctx, in words: h at 0, the buffered block at 8, its length at
  // 24, the length hashed (64 bits) at 26.
  /** @param {number} ctx */
  function start(ctx) {
    const c = ctx >> 2;
    i32.copyWithin(c, IV, IV + 8);
    i32.fill(0, c + 24, c + 28);
  }

  /**
   * @param {number} ctx
   * @param {number} p
   * @param {number} len
   */
  function update(ctx, p, len) {
    const c = ctx >> 2;
    const block = ctx + 32;
    const low = i32[c + 26] >>> 0;
    i32[c + 26] = low + len;
    if (low + len > 0xffffffff) i32[c + 27]++;
    let used = i32[c + 24];
    if (used > 0) {
      const take = Math.min(64 - used, len);
      u8.copyWithin(block + used, p, p + take);
      used += take;
      p += take;
      len -= take;
      if (used < 64) {
        i32[c + 24] = used;
        return;
      }
      compress(ctx, block, 1);
    }
    compress(ctx, p, len >> 6);
    p += len & ~63;
    u8.copyWithin(block, p, p + (len & 63));
    i32[c + 24] = len & 63;
  }

  /**
   * FIPS 180-4 section 5.1.1: 0x80, zeros to 56 mod 64, the length in bits.
   * @param {number} ctx
   * @param {number} out
   */
  function final(ctx, out) {
    const c = ctx >> 2;
    const block = ctx + 32;
    let n = i32[c + 24];
    u8[block + n++] = 0x80;
    if (n > 56) {
      u8.fill(0, block + n, block + 64);
      compress(ctx, block, 1);
      n = 0;
    }
    u8.fill(0, block + n, block + 56);
    // The length's two words at the block's last 8 bytes, then those bytes big-endian.
    const low = i32[c + 26];
    i32[c + 22] = i32[c + 27] << 3 | low >>> 29;
    i32[c + 23] = low << 3;
    store(block + 56, c + 22);
    compress(ctx, block, 1);
    store(out, c);
  }

  /**
   * @param {number} out
   * @param {number} p
   * @param {number} count
   */
  function hash64(out, p, count) {
    for (; count > 0; count--, p += 64, out += 32) {
      i32.copyWithin(STATE, IV, IV + 8);
      block(STATE, p);
      rounds(STATE, pad);
      store(out, STATE);
    }
  }

  /**
   * Entry f, which wipes the schedule before it returns.
   * @param {(a: number, b: number, c: number) => void} f
   * @returns {(a: number, b: number, c: number) => void}
   */
  const wiping = (f) => (a, b, c) => {
    f(a, b, c);
    w.fill(0);
  };
  return {
    memory: /** @type {WebAssembly.Memory} */ ({buffer}),
    io_ptr: () => IO,
    io_size: () => IO_SIZE,
    ctx_ptr: () => CTX,
    ctx_size: () => 112,
    // The constants are written there by the loader (js/core/tables.js), as into the SIMD core's memory.
    init: () => TABLES,
    digest: wiping((out, p, len) => {
      start(DIGEST_CTX << 2);
      update(DIGEST_CTX << 2, p, len);
      final(DIGEST_CTX << 2, out);
    }),
    hash64_x1: wiping(hash64),
    sha256_init: start,
    sha256_update: wiping(update),
    sha256_final: /** @type {(ctx: number, out: number) => void} */ (wiping(final)),
    compress: wiping(compress),
  };
}

/** @type {null} */
export const module = null;
