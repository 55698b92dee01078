// HashObject: a 32-byte digest as eight 32-bit words h0..h7, each the
// little-endian reading of 4 bytes, signed (as as-sha256 produces them), so
// HashObjects from either library are deep-equal.

/** Writes obj into 8 consecutive words of an Int32Array or Uint32Array at index i. */
export function hashObjectIntoWords(obj, words, i) {
  words[i] = obj.h0;
  words[i + 1] = obj.h1;
  words[i + 2] = obj.h2;
  words[i + 3] = obj.h3;
  words[i + 4] = obj.h4;
  words[i + 5] = obj.h5;
  words[i + 6] = obj.h6;
  words[i + 7] = obj.h7;
}

/** Reads 8 consecutive words of an Int32Array at index i into obj. */
export function wordsIntoHashObject(words, i, obj) {
  obj.h0 = words[i];
  obj.h1 = words[i + 1];
  obj.h2 = words[i + 2];
  obj.h3 = words[i + 3];
  obj.h4 = words[i + 4];
  obj.h5 = words[i + 5];
  obj.h6 = words[i + 6];
  obj.h7 = words[i + 7];
}

function readWord(bytes, o) {
  return bytes[o] | (bytes[o + 1] << 8) | (bytes[o + 2] << 16) | (bytes[o + 3] << 24);
}

function writeWord(bytes, o, w) {
  bytes[o] = w;
  bytes[o + 1] = w >> 8;
  bytes[o + 2] = w >> 16;
  bytes[o + 3] = w >> 24;
}

export function byteArrayIntoHashObject(byteArr, offset, output) {
  output.h0 = readWord(byteArr, offset);
  output.h1 = readWord(byteArr, offset + 4);
  output.h2 = readWord(byteArr, offset + 8);
  output.h3 = readWord(byteArr, offset + 12);
  output.h4 = readWord(byteArr, offset + 16);
  output.h5 = readWord(byteArr, offset + 20);
  output.h6 = readWord(byteArr, offset + 24);
  output.h7 = readWord(byteArr, offset + 28);
}

/** A HashObject of zeros, for a result to be written into. */
export const newHashObject = () => ({h0: 0, h1: 0, h2: 0, h3: 0, h4: 0, h5: 0, h6: 0, h7: 0});

export function byteArrayToHashObject(byteArr, offset) {
  const result = newHashObject();
  byteArrayIntoHashObject(byteArr, offset, result);
  return result;
}

export function hashObjectToByteArray(obj, byteArr, offset) {
  writeWord(byteArr, offset, obj.h0);
  writeWord(byteArr, offset + 4, obj.h1);
  writeWord(byteArr, offset + 8, obj.h2);
  writeWord(byteArr, offset + 12, obj.h3);
  writeWord(byteArr, offset + 16, obj.h4);
  writeWord(byteArr, offset + 20, obj.h5);
  writeWord(byteArr, offset + 24, obj.h6);
  writeWord(byteArr, offset + 28, obj.h7);
}
