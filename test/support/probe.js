// Run as `node probe.js <request>`, a child of test/support/declarations.js:
// imports one module and prints, as JSON, what it exports at run time, and
// what the sample functions of the request return, so the checker can hold
// them against a .d.ts. A child of its own because an entry point installs its
// backend for the whole process (js/instance.js): importing js/portable.js in
// the test process would put every later test on the portable build.
//
// request: {module: <file path>, samples: {<name>: <body of an async function of m, the namespace>}}
// prints:  {exports: {<name>: Description}, samples: {<name>: Description | {error}}}
// Description: {type} (typeof, or "null"), with `value` for a primitive;
// functions add length, isClass, statics and proto (Members); objects add
// members. Members: {<name>: {kind: "method" | "get" | "set" | "field", ...Description}},
// the string-keyed properties of the object and its prototypes up to
// Object.prototype (statics: of the constructor itself, less length, name
// and prototype).
import module from "node:module";
import {pathToFileURL} from "node:url";

// workerd.js imports its wasm as modules, as wrangler bundles them for
// Cloudflare Workers: here each .wasm file is loaded as a module whose default
// export is the compiled WebAssembly.Module, as Workers give it.
const wasmSource = (url) =>
  `import {readFileSync} from "node:fs"; export default new WebAssembly.Module(readFileSync(new URL(${JSON.stringify(url)})));`;
if (typeof module.registerHooks === "function") {
  module.registerHooks({
    load: (url, context, next) => (url.endsWith(".wasm") ? {format: "module", shortCircuit: true, source: wasmSource(url)} : next(url, context)),
  });
} else {
  const hooks = `const wasmSource = ${wasmSource};
export async function load(url, context, next) {
  return url.endsWith(".wasm") ? {format: "module", shortCircuit: true, source: wasmSource(url)} : next(url, context);
}`;
  module.register(`data:text/javascript,${encodeURIComponent(hooks)}`);
}

const STOP = new Set([Object.prototype, Function.prototype, null]);

function members(object, depth, skip = new Set()) {
  const out = {};
  for (let o = object; !STOP.has(o); o = Object.getPrototypeOf(o)) {
    for (const name of Object.getOwnPropertyNames(o)) {
      if (name in out || skip.has(name)) continue;
      const d = Object.getOwnPropertyDescriptor(o, name);
      let value;
      const kind = d.get ? "get" : d.set ? "set" : typeof d.value === "function" ? "method" : "field";
      try {
        value = d.get ? d.get.call(object) : d.value;
      } catch (e) {
        value = `threw ${e}`;
      }
      out[name] = {kind, ...describe(value, depth - 1)};
    }
    if (o === object && typeof object === "function") break;
  }
  return out;
}

function describe(value, depth) {
  if (value === null) return {type: "null"};
  const type = typeof value;
  if (type === "bigint" || type === "symbol") return {type, value: String(value)};
  if (type !== "object" && type !== "function") return {type, value};
  if (type === "object") return depth > 0 ? {type, members: members(value, depth)} : {type};
  const out = {type, length: value.length, isClass: /^class\b/.test(Function.prototype.toString.call(value))};
  if (depth > 0) {
    out.statics = members(value, depth, new Set(["length", "name", "prototype", "arguments", "caller"]));
    if (value.prototype) out.proto = members(value.prototype, depth, new Set(["constructor"]));
  }
  return out;
}

const request = JSON.parse(process.argv[2]);
const m = await import(pathToFileURL(request.module).href);
const exports = Object.fromEntries(Object.keys(m).map((name) => [name, describe(m[name], 2)]));
const AsyncFunction = (async () => {}).constructor;
const samples = {};
for (const [name, body] of Object.entries(request.samples ?? {})) {
  try {
    samples[name] = describe(await new AsyncFunction("m", body)(m), 3);
  } catch (e) {
    samples[name] = {error: String(e?.stack ?? e)};
  }
}
process.stdout.write(JSON.stringify({exports, samples}), () => process.exit(0));
