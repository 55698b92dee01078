// The hand-written declarations (js/*.d.ts) against the modules they type,
// so that a change to one without the other fails here: each entry point's
// runtime exports against the declared ones, each function's length, each
// class's methods, each const's type, and the objects the code builds
// (HashPool, HashPoolStats, the Hasher, HashObject) against their interfaces.
// test/support/declarations.js says exactly what is checked; its own tests,
// on small .d.ts and .js pairs with known mismatches, are at the end.
import assert from "node:assert/strict";
import {mkdtempSync, readFileSync, rmSync, writeFileSync} from "node:fs";
import os from "node:os";
import {join} from "node:path";
import {fileURLToPath} from "node:url";
import {declarations, isValue, memberTypes, mismatches} from "./support/declarations.js";

const root = fileURLToPath(new URL("..", import.meta.url));
const pkg = JSON.parse(readFileSync(join(root, "package.json"), "utf8"));
const inRoot = (p) => p.replace(/^\.\//, "");

/** Each .d.ts that package.json names, with every module it types there. */
function typedModules() {
  const out = {};
  const add = (types, target) => (out[inRoot(types)] ??= new Set()).add(inRoot(target));
  add(pkg.types, pkg.main);
  for (const entry of Object.values(pkg.exports)) {
    if (typeof entry !== "object" || !entry.types) continue;
    for (const [condition, target] of Object.entries(entry)) if (condition !== "types") add(entry.types, target);
  }
  return Object.fromEntries(Object.entries(out).map(([types, set]) => [types, [...set].sort()]));
}

// The objects the code builds, each held against the type it is declared as:
// {type, body}, body that of an async function of m, the module's namespace.
const samples = {
  "js/index.d.ts": [
    {type: "HashObject", body: "return m.byteArrayToHashObject(new Uint8Array(32).fill(0xab), 0)"},
    {type: "HashObject", body: "const z = m.byteArrayToHashObject(new Uint8Array(32), 0); return m.digest64HashObjects(z, z)"},
    {type: "HashObject", body: "const z = m.byteArrayToHashObject(new Uint8Array(32), 0); return m.batchHash4HashObjectInputs(Array(8).fill(z))[3]"},
  ],
  "js/hasher.d.ts": [{type: "Hasher", body: "return m.hasher"}],
  "js/pool.d.ts": [
    // A HashPool's hasher member is held against Hasher too, as the interface declares it.
    {type: "HashPool", body: "return m.createHashPool({threads: 1})"},
    {type: "HashPoolStats", body: "return (await m.createHashPool({threads: 1})).stats()"},
    // With workers, stats() comes from another place (js/pool/workers.js).
    {type: "HashPoolStats", body: "const p = await m.createHashPool({threads: 2}); try { return p.stats(); } finally { await p.close(); }"},
    {type: "Hasher", body: "return (await m.createHashPool({threads: 1})).hasher"},
  ],
};

const merkleTree = join(root, "node_modules/@chainsafe/persistent-merkle-tree/lib/index.d.ts");
const report = (problems) => `${problems.length} mismatches:\n  ${problems.join("\n  ")}`;

describe("the declarations, js/*.d.ts, against the modules they type", function () {
  before(function () {
    // The declarations do not depend on the runtime, and the probe's loader
    // hook for workerd.js's .wasm imports is Node's (module.register).
    if (globalThis.Bun || globalThis.Deno) this.skip();
  });

  it("are, by package.json, index.d.ts for the three entries, hasher.d.ts for hasher.js and pool.d.ts for pool.js", function () {
    assert.deepEqual(typedModules(), {
      "js/index.d.ts": ["js/generated/server-index.js", "js/index.js", "js/portable.js"],
      "js/hasher.d.ts": ["js/generated/server-hasher.js", "js/hasher.js"],
      "js/pool.d.ts": ["js/generated/server-pool.js", "js/pool.js"],
    });
  });

  for (const [types, modules] of Object.entries(typedModules())) {
    for (const module of modules) {
      it(`${types}: ${module} exports what it declares, each as declared`, async function () {
        const problems = await mismatches(join(root, types), join(root, module), samples[types]);
        assert.deepEqual(problems, [], `${module} against ${types}: ${report(problems)}`);
      });
    }
  }

  it("declare HashObject as persistent-merkle-tree does (as-sha256's), which its Hasher takes", function () {
    assert.deepEqual(memberTypes(join(root, "js/index.d.ts"), "HashObject"), memberTypes(merkleTree, "HashObject"));
  });

  it("take Hasher from persistent-merkle-tree itself, in hasher.d.ts and pool.d.ts", function () {
    const theirs = memberTypes(merkleTree, "Hasher");
    assert.ok(Object.keys(theirs).includes("executeHashComputations"), "found no Hasher in persistent-merkle-tree");
    for (const file of ["js/hasher.d.ts", "js/pool.d.ts"]) assert.deepEqual(memberTypes(join(root, file), "Hasher"), theirs, file);
  });

  describe("the checker, on small .d.ts and .js pairs", function () {
    let dir;
    const write = (files) => {
      for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
    };

    before(function () {
      dir = mkdtempSync(join(os.tmpdir(), "sha256-simd-declarations-"));
    });

    after(function () {
      if (dir) rmSync(dir, {recursive: true, force: true});
    });

    it("finds nothing where the pair agrees, with re-exports followed to the files they name", async function () {
      write({
        "package.json": JSON.stringify({type: "module"}),
        "parts.d.ts": `export declare function fromStar(a: number): number;\nexport declare const KIND: "x" | "y";\n`,
        "parts.js": `export function fromStar(a) { return a; }\nexport const KIND = "x";\n`,
        "more.d.ts": `export declare function inner(): void;\nexport interface Shape { w: number; h: number; note?: string | null; area(): number }\n`,
        "more.js": `export function inner() {}\n`,
        "good.d.ts": `export * from "./parts.js";
export {inner as renamed, type Shape} from "./more.js";
import type {Shape} from "./more.js";
export declare const shape: Shape;
export declare const alias: typeof local;
declare function local(): void;
export declare function maybe(flag?: boolean, size?: number): void;
export declare function spread(first: number, ...more: number[]): void;
export declare class Counter {
  #private;
  constructor(start?: number);
  next(): number;
  get value(): number;
  static readonly ZERO: 0;
}
`,
        "good.js": `export {fromStar, KIND} from "./parts.js";
export {inner as renamed} from "./more.js";
import {inner} from "./more.js";
export const shape = {w: 1, h: 2, note: null, area() { return 2; }};
export const alias = inner;
export function maybe(flag, size = 0) {}
export function spread(first, ...more) {}
export class Counter {
  #n;
  static ZERO = 0;
  constructor(start = 0) { this.#n = start; }
  next() { return ++this.#n; }
  get value() { return this.#n; }
}
`,
      });
      const file = declarations(join(dir, "good.d.ts"));
      const values = [...file.exports].filter(([, e]) => isValue(e)).map(([name]) => name).sort();
      assert.deepEqual(values, ["Counter", "KIND", "alias", "fromStar", "maybe", "renamed", "shape", "spread"]);
      assert.equal(isValue(file.exports.get("Shape")), false, "Shape is a type");
      const problems = await mismatches(join(dir, "good.d.ts"), join(dir, "good.js"), [{type: "Shape", body: "return m.shape"}]);
      assert.deepEqual(problems, [], report(problems));
    });

    it("names each mismatch: exports, lengths, classes, const types and interfaces", async function () {
      write({
        "package.json": JSON.stringify({type: "module"}),
        "bad.d.ts": `export interface Thing { size: number; name?: string; grow(by: number): void }
export declare const flag: boolean;
export declare let mode: "a" | "b";
export declare const count: number;
export declare function two(a: number, b: number): void;
export declare function optional(a?: number): void;
export declare function rest(...xs: number[]): void;
export declare function gone(): void;
export declare class Box {
  constructor(size: number);
  open(): void;
  close(): void;
  static make(): Box;
}
export declare class Plain {}
export declare function notClass(): void;
export type Alias = string;
export declare function makeThing(): Thing;
`,
        "bad.js": `export const flag = 1;
export let mode = "c";
export const count = 3;
export function two(a) {}
export function optional(a = 1) {}
export function rest(a, ...xs) {}
export class Box {
  constructor(size, more) {}
  open() {}
  extra() {}
  get size() { return 1; }
  static build() {}
}
export function Plain() {}
export class notClass {}
export const Alias = "x";
export function undeclared() {}
export function makeThing() { return {size: "big", grow() {}, shrink() {}}; }
`,
      });
      const body = "return m.makeThing()";
      const problems = await mismatches(join(dir, "bad.d.ts"), join(dir, "bad.js"), [{type: "Thing", body}, {type: "Missing", body}]);
      const thing = `Thing of {${body}}`;
      assert.deepEqual(problems, [
        "flag: is number 1, declared boolean",
        'mode: is "c", declared "a" | "b"',
        "two: length 1, declared (a: number, b: number), which allows 2",
        "rest: length 1, declared (...xs: number[]), which allows 0",
        "gone: declared, not exported",
        "Box constructor: length 2, declared (size: number), which allows 1",
        "Box.prototype.close: missing",
        "Box.make: missing",
        "Box.build: not declared",
        "Box.prototype.extra: not declared",
        "Box.prototype.size: not declared",
        "Plain: is a function, declared a class",
        "notClass: is a class, declared a function",
        "Alias: exported, not declared as a value (only as a type)",
        "undeclared: exported, not declared",
        `${thing}.size: is "big", declared number`,
        `${thing}.grow: length 0, declared (by: number), which allows 1`,
        `${thing}.shrink: not declared`,
        `Missing of {${body}}: no type Missing in ${join(dir, "bad.d.ts")}`,
      ]);
    });
  });
});
