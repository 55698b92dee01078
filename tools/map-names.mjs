// Names each minified function in its source map at its `function` keyword.
// Node, under --enable-source-maps, takes a frame's name from the map at the
// start of the function (V8's enclosing position: the keyword), and else at
// the caller's call site; esbuild names a function only at its identifier.
// So the function a user's code called kept its minified name in a trace,
// since the user's code has no map. tools/bundle.mjs applies this.

const BASE64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

/**
 * The numbers of one segment of a source map's mappings (base64 VLQ).
 * @param {string} text
 * @returns {number[]}
 */
function decode(text) {
  const values = [];
  for (let i = 0, value = 0, shift = 0; i < text.length; i++) {
    const digit = BASE64.indexOf(text[i]);
    value += (digit & 31) << shift;
    if (digit & 32) {
      shift += 5;
      continue;
    }
    values.push(value & 1 ? -(value >>> 1) : value >>> 1);
    value = shift = 0;
  }
  return values;
}

/**
 * @param {number[]} values
 * @returns {string}
 */
function encode(values) {
  let text = "";
  for (const v of values) {
    let rest = v < 0 ? (-v << 1) | 1 : v << 1;
    do {
      const digit = rest & 31;
      rest >>>= 5;
      text += BASE64[rest > 0 ? digit | 32 : digit];
    } while (rest > 0);
  }
  return text;
}

/**
 * The map of `code` (esbuild's, as JSON) with a segment at each `function`
 * keyword that carries the name esbuild gave the function's identifier.
 * @param {string} code
 * @param {string} mapJson
 * @returns {string}
 */
export function nameFunctionStarts(code, mapJson) {
  const map = JSON.parse(mapJson);
  const lines = code.split("\n");
  // Absolute [column, source, line, column, name?] per segment, per line.
  const state = [0, 0, 0, 0, 0];
  const decoded = map.mappings.split(";").map((line) => {
    state[0] = 0;
    return line === "" ? [] : line.split(",").map((segment) => decode(segment).map((v, k) => (state[k] += v)));
  });
  decoded.forEach((segments, l) => {
    for (const s of [...segments]) {
      const at = s[0] - "function ".length;
      if (s.length < 5 || at < 0 || lines[l].slice(at, s[0]) !== "function ") continue;
      const i = segments.findIndex((t) => t[0] >= at);
      if (segments[i][0] === at) segments[i] = [at, segments[i][1], segments[i][2], segments[i][3], s[4]];
      else segments.splice(i, 0, [at, s[1], s[2], s[3], s[4]]);
    }
  });
  const last = [0, 0, 0, 0, 0];
  map.mappings = decoded
    .map((segments) => {
      last[0] = 0;
      return segments
        .map((s) => {
          const text = encode(s.map((v, k) => v - last[k]));
          s.forEach((v, k) => (last[k] = v));
          return text;
        })
        .join(",");
    })
    .join(";");
  return JSON.stringify(map);
}
