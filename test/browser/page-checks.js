// The functions the browser tests run in the page and its worker, sent as
// source (serialised by playwright, puppeteer or WebDriver): they cannot
// import, so each names the package through globalThis.sha256simd.
/**
 * Runs in the browser (serialised by playwright or puppeteer): calls every API
 * function on deterministic inputs and returns each result next to WebCrypto's
 * digest of the same input, as hex. Being serialised, it cannot import: its
 * input comes from test/support/bytes.js's generator, which the page and the
 * worker put on globalThis.
 */
export async function runChecks({simd, lengths, hashIntoCounts, chunkSizes}) {
  const api = globalThis.sha256simd;
  const defaultSimd = api.simdEnabled;
  const hex = (b) => Array.from(b, (x) => x.toString(16).padStart(2, "0")).join("");
  const webcrypto = async (data) => hex(new Uint8Array(await crypto.subtle.digest("SHA-256", data)));
  const bytes = globalThis.pseudoRandomBytes;
  const objectBytes = (obj) => {
    const out = new Uint8Array(32);
    api.hashObjectToByteArray(obj, out, 0);
    return out;
  };
  const entries = [];
  // The hex is taken at once: some results are views that the next call reuses.
  const check = async (name, got, input) => {
    const gotHex = hex(got);
    entries.push({name, got: gotHex, want: await webcrypto(input)});
  };

  api.reinitializeInstance(simd);
  const forcedSimd = api.simdEnabled;
  try {
    for (const len of lengths) {
      const data = bytes(len, len + 1);
      await check(`digest(${len} bytes)`, api.digest(data), data);

      const hasher = new api.SHA256();
      for (let off = 0, k = 0; off < len; k++) {
        const size = chunkSizes[k % chunkSizes.length];
        hasher.update(data.subarray(off, off + size));
        off += size;
      }
      await check(`SHA256 update in chunks of ${chunkSizes} (${len} bytes)`, hasher.final(), data);
    }

    // Two streaming objects fed alternately must not disturb each other.
    const [a, b] = [bytes(1000, 7), bytes(777, 8)];
    const [ha, hb] = [new api.SHA256(), new api.SHA256()];
    for (let off = 0; off < 1000; off += 100) {
      ha.update(a.subarray(off, off + 100));
      hb.update(b.subarray(off, off + 100));
    }
    await check("SHA256 interleaved, first object", ha.final(), a);
    await check("SHA256 interleaved, second object", hb.final(), b);
    await check("SHA256 reused after init()", ha.init().update(b).final(), b);

    const m64 = bytes(64, 64);
    const [left, right] = [m64.subarray(0, 32), m64.subarray(32)];
    await check("digest64", api.digest64(m64), m64);
    // Digests kept while 300 more are made, with one of them overwritten, stay
    // right, however the package allocates them (js/alloc.js).
    const keptInputs = [m64, ...Array.from({length: 300}, (_, i) => bytes(64, 900 + i))];
    const kept = keptInputs.map((m) => api.digest64(m));
    kept[1].fill(0);
    for (const i of [0, 2, 255, 256, 257, 300]) await check(`digest64 kept, ${i} of ${kept.length}`, kept[i], keptInputs[i]);
    const into = new Uint8Array(32);
    api.digest64Into(m64, into);
    await check("digest64Into", into, m64);
    await check("digest2Bytes32", api.digest2Bytes32(left, right), m64);
    api.digest2Bytes32Into(left, right, into);
    await check("digest2Bytes32Into", into, m64);

    const [objL, objR] = [api.byteArrayToHashObject(left, 0), api.byteArrayToHashObject(right, 0)];
    await check("digest64HashObjects", objectBytes(api.digest64HashObjects(objL, objR)), m64);
    const objOut = {h0: 0, h1: 0, h2: 0, h3: 0, h4: 0, h5: 0, h6: 0, h7: 0};
    api.digest64HashObjectsInto(objL, objR, objOut);
    await check("digest64HashObjectsInto", objectBytes(objOut), m64);

    const four = [0, 1, 2, 3].map((i) => bytes(64, 100 + i));
    const outs = api.batchHash4UintArray64s(four);
    for (let i = 0; i < 4; i++) await check(`batchHash4UintArray64s output ${i}`, outs[i], four[i]);

    const objects = four.flatMap((m) => [api.byteArrayToHashObject(m, 0), api.byteArrayToHashObject(m, 32)]);
    const objOuts = api.batchHash4HashObjectInputs(objects);
    for (let i = 0; i < 4; i++) await check(`batchHash4HashObjectInputs output ${i}`, objectBytes(objOuts[i]), four[i]);

    for (const count of hashIntoCounts) {
      const input = bytes(64 * count, count);
      const output = new Uint8Array(32 * count);
      api.hashInto(input, output);
      // In place: the output aliases the start of the input.
      const inPlace = input.slice();
      api.hashInto(inPlace, inPlace.subarray(0, 32 * count));
      for (let i = 0; i < count; i++) {
        const want = await webcrypto(input.subarray(64 * i, 64 * i + 64));
        const got = hex(output.subarray(32 * i, 32 * i + 32));
        const gotInPlace = hex(inPlace.subarray(32 * i, 32 * i + 32));
        if (got !== want || gotInPlace !== want || i === count - 1) {
          entries.push({name: `hashInto(${count} messages) output ${i}`, got, want});
          entries.push({name: `hashInto(${count} messages, in place) output ${i}`, got: gotInPlace, want});
        }
      }
    }

    // Beyond as-sha256: digestParts and digestMany against WebCrypto's
    // digests, HMAC, HKDF and PBKDF2 against its own (which refuses empty keys,
    // and in WPE WebKit 2.38 HKDF of no output).
    const parts = [bytes(100, 400), bytes(0, 401), bytes(500, 402), bytes(37, 403)];
    const whole = new Uint8Array(637);
    for (let i = 0, at = 0; i < parts.length; at += parts[i].length, i++) whole.set(parts[i], at);
    await check("digestParts", api.digestParts(parts), whole);
    const messages = [0, 1, 55, 56, 64, 65, 128, 1000, 3, 200, 63].map((n) => bytes(n, 500 + n));
    const many = api.digestMany(messages);
    for (let i = 0; i < messages.length; i++) await check(`digestMany output ${i} (${messages[i].length} bytes)`, many[i], messages[i]);
    const subtle = crypto.subtle;
    const derive = async (name, secret, params, length) => {
      const key = await subtle.importKey("raw", secret, name, false, ["deriveBits"]);
      return hex(new Uint8Array(await subtle.deriveBits({name, hash: "SHA-256", ...params}, key, 8 * length)));
    };
    for (const [keyLength, length] of [[1, 1], [20, 64], [64, 100], [131, 300]]) {
      const [key, message] = [bytes(keyLength, 600 + keyLength), bytes(length, 700 + length)];
      const hmacKey = await subtle.importKey("raw", key, {name: "HMAC", hash: "SHA-256"}, false, ["sign"]);
      const want = hex(new Uint8Array(await subtle.sign("HMAC", hmacKey, message)));
      entries.push({name: `hmac (${keyLength}-byte key, ${length} bytes)`, got: hex(api.hmac(key, message)), want});
      const kept = new api.HMAC(key);
      entries.push({name: `HMAC.mac (${keyLength}-byte key, ${length} bytes)`, got: hex(kept.mac(message)), want});
      kept.update(message.subarray(0, 10)).update(message.subarray(10));
      entries.push({name: `HMAC update/final (${keyLength}-byte key, ${length} bytes)`, got: hex(kept.final()), want});
      const [salt, info] = [bytes(keyLength, 800), bytes(length % 50, 801)];
      entries.push({name: `hkdf (${keyLength}-byte key, ${length} bytes out)`, got: hex(api.hkdf(key, salt, info, length)), want: await derive("HKDF", key, {salt, info}, length)});
      entries.push({name: `pbkdf2 (${keyLength}-byte password, 1000 iterations)`, got: hex(api.pbkdf2(key, salt, 1000, 40)), want: await derive("PBKDF2", key, {salt, iterations: 1000}, 40)});
    }
  } finally {
    api.reinitializeInstance();
  }
  return {inWorker: typeof WorkerGlobalScope !== "undefined", defaultSimd, forcedSimd, entries};
}

/**
 * Runs in a browser without wasm SIMD: asks for the SIMD module, and returns
 * the error, which module is then active, and a digest made afterwards next to
 * WebCrypto's.
 */
export async function forceSimd() {
  const api = globalThis.sha256simd;
  const hex = (b) => Array.from(b, (x) => x.toString(16).padStart(2, "0")).join("");
  let error = null;
  try {
    api.reinitializeInstance(true);
  } catch (err) {
    error = `${err.name}: ${err.message}`;
  }
  const simdAfter = api.simdEnabled;
  const data = new TextEncoder().encode("abc".repeat(100));
  const got = hex(api.digest(data));
  const want = hex(new Uint8Array(await crypto.subtle.digest("SHA-256", data)));
  return {error, simdAfter, got, want};
}
