// One start-up measurement of bench/cases/startup.js, in a fresh process of Node,
// Bun or Deno: the time from before `await import(SPECIFIER)` to after the
// first digest, EXPORT(message), returns (awaited: hash-wasm's is async).
// Prints {ms, hex}; the caller checks the digest. It imports nothing else, so
// the package's module graph is the only one the timed import loads.
//
//   node bench/cases/startup-child.js SPECIFIER EXPORT MESSAGE_HEX
const [specifier, name, messageHex] = process.argv.slice(-3);
const message = Uint8Array.from(messageHex.match(/../g), (h) => parseInt(h, 16));

const t0 = performance.now();
const lib = await import(specifier);
const digest = await lib[name](message);
const ms = performance.now() - t0;

const hex = typeof digest === "string" ? digest : Array.from(digest, (b) => b.toString(16).padStart(2, "0")).join("");
console.log(JSON.stringify({ms, hex}));
