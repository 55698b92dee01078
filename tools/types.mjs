// Writes js/generated/types/ (make types): the package's declarations, which
// tsc emits from the JSDoc of js/ (tsconfig.json, checkJs), then
//   - without what is tagged @internal: exports, class members and typedefs
//     that js/ uses inside, and what only they referred to;
//   - only the files that the entries' declarations reach (index.d.ts for
//     "." and "./portable", hasher.d.ts, pool.d.ts);
//   - checked alone, as a user's project compiles them: lib ES2022, no DOM
//     or Node types, skipLibCheck false, and no package imported, so the
//     optional peer @chainsafe/persistent-merkle-tree is never needed (the
//     Hasher type is declared in js/core/tree-hasher.js).
// Fails, writing nothing, on any type error in js/ or in the declarations.
// Usage: node tools/types.mjs [out-dir] (default: js/generated/types).
import {mkdirSync, rmSync, writeFileSync} from "node:fs";
import {dirname, join, posix, relative, resolve, sep} from "node:path";
import {fileURLToPath} from "node:url";
import ts from "typescript";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const out = resolve(process.argv[2] ?? join(root, "js/generated/types"));
const ENTRIES = ["index.d.ts", "hasher.d.ts", "pool.d.ts"];

/** Fails with the diagnostics, if any. */
function assertNone(diagnostics, what) {
  if (diagnostics.length === 0) return;
  const host = {getCanonicalFileName: (f) => f, getCurrentDirectory: () => root, getNewLine: () => "\n"};
  console.error(`types: ${what}:\n${ts.formatDiagnostics(diagnostics, host)}`);
  process.exit(1);
}

/** The declarations tsc emits for js/, by path relative to the out folder, and the program. */
function emit() {
  const host = {...ts.sys, onUnRecoverableConfigFileDiagnostic: (d) => assertNone([d], "tsconfig.json")};
  const options = {noEmit: false, declaration: true, emitDeclarationOnly: true, outDir: out, rootDir: join(root, "js")};
  const config = ts.getParsedCommandLineOfConfigFile(join(root, "tsconfig.json"), options, host);
  assertNone(config.errors, "tsconfig.json");
  const program = ts.createProgram({rootNames: config.fileNames, options: config.options});
  assertNone(ts.getPreEmitDiagnostics(program), "type errors in js/ (npx tsc -p tsconfig.json)");
  const files = new Map();
  const result = program.emit(undefined, (file, text) => files.set(relative(out, file).split("\\").join("/"), text), undefined, true);
  assertNone(result.diagnostics, "declaration emit");
  return {files, program};
}

const parse = (text) => ts.createSourceFile("x.d.ts", text, ts.ScriptTarget.Latest, true);
const tagsOf = (doc) => (doc?.tags ?? []).map((t) => t.tagName.text);

const isExported = (node) => ts.canHaveModifiers(node) && (ts.getModifiers(node) ?? []).some((m) => m.kind === ts.SyntaxKind.ExportKeyword);
const namesOf = (node) =>
  ts.isVariableStatement(node) ? node.declarationList.declarations.map((d) => d.name.getText()) : node.name ? [node.name.getText()] : [];

/**
 * The names that source file `sf` exports tagged @internal, typedefs
 * included: read in the source, as tsc drops the tag from a typedef it emits,
 * and the comment of a function it writes from an arrow function's const.
 */
function internalNames(sf) {
  const names = new Set();
  const visit = (node) => {
    for (const doc of node.jsDoc ?? []) {
      if (!tagsOf(doc).includes("internal")) continue;
      for (const tag of doc.tags) if (ts.isJSDocTypedefTag(tag) && tag.name) names.add(tag.name.getText(sf));
      if (node.parent === sf && isExported(node) && doc === node.jsDoc.at(-1)) for (const name of namesOf(node)) names.add(name);
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return names;
}

/** Whether class member `node` is tagged @internal by its own JSDoc. */
const isInternal = (node) => tagsOf(node.jsDoc?.at(-1)).includes("internal");

// JSDoc that only the JavaScript reads (a typedef's, an @import), which tsc
// leaves in front of the next declaration: the declarations have them as types.
const JS_ONLY_DOC = /^[ \t]*\/\*\*((?:(?!\*\/)[\s\S])*)\*\/[ \t]*\n/gm;
const withoutJsOnlyDocs = (text) => text.replace(JS_ONLY_DOC, (doc, body) => (/@(typedef|callback|import)\b/.test(body) ? "" : doc));

/**
 * A JSDoc comment's body without the types of its @param, @returns and @type
 * tags, which the declaration has, and without the tags that then say no more
 * than it: the comments read as those of a .d.ts written by hand.
 */
function tidyDoc(body) {
  for (let m; (m = /@(?:param|returns?|type)[ \t]*\{/.exec(body)); ) {
    const open = m.index + m[0].length - 1;
    let end = open;
    for (let depth = 0; end < body.length; end++) {
      if (body[end] === "{") depth++;
      else if (body[end] === "}" && --depth === 0) break;
    }
    body = body.slice(0, open) + body.slice(end + 1).replace(/^[ \t]+/, "");
  }
  const bare = /^[ \t]*\*?[ \t]*@(?:returns?|type|readonly|param[ \t]+\[?[\w$.]+(?:=[^\]]*)?\]?)[ \t]*$/;
  const lines = body.split("\n").filter((line) => !bare.test(line));
  if (lines.length === 1) lines[0] = lines[0].replace(/[ \t]*@(?:returns?|type|readonly)[ \t]*$/, " ");
  return lines.join("\n");
}

const JS_DOC = /([ \t]*)\/\*\*((?:(?!\*\/)[\s\S])*)\*\/(\n?)/g;
const tidyDocs = (text) =>
  text.replace(JS_DOC, (doc, indent, body, newline) => {
    const tidy = tidyDoc(body);
    return /[^\s*]/.test(tidy) ? `${indent}/**${tidy}*/${newline}` : "";
  });

/** `text` without the ranges of `nodes`, each with the comments before it. */
function cut(text, nodes) {
  for (const node of [...nodes].sort((a, b) => b.pos - a.pos)) text = text.slice(0, node.getFullStart()) + text.slice(node.end);
  return text;
}

/** The declarations of one file without its @internal ones (`internal`: their names), and without the imports and local declarations that nothing uses then. */
function stripInternal(text, internal) {
  const sf = parse(withoutJsOnlyDocs(text));
  const gone = [];
  for (const st of sf.statements) {
    if (isExported(st) && namesOf(st).some((name) => internal.has(name))) gone.push(st);
    else if (ts.isClassDeclaration(st)) gone.push(...st.members.filter(isInternal));
  }
  text = cut(sf.text, gone);
  // Then what only the cut declarations used: imports and declarations that are not exported.
  for (let before = ""; before !== text; ) {
    before = text;
    const file = parse(text);
    const uses = new Map();
    const count = (node) => {
      if (ts.isIdentifier(node)) uses.set(node.text, (uses.get(node.text) ?? 0) + 1);
      ts.forEachChild(node, count);
    };
    count(file);
    const unused = (name) => (uses.get(name) ?? 0) <= 1;
    const drop = [];
    for (const st of file.statements) {
      if (ts.isImportDeclaration(st)) {
        const bindings = st.importClause?.namedBindings;
        const named = bindings && ts.isNamedImports(bindings) ? bindings.elements.map((e) => e.name) : [bindings?.name];
        const names = [st.importClause?.name, ...named].filter(Boolean);
        if (st.importClause && names.every((n) => unused(n.text))) drop.push(st);
      } else if (!isExported(st) && !ts.isExportDeclaration(st) && !ts.isExportAssignment(st)) {
        const names = namesOf(st);
        if (names.length > 0 && names.every(unused)) drop.push(st);
      }
    }
    text = cut(text, drop);
  }
  return tidyDocs(text).trimStart();
}

/** The relative paths of the files that `text`, the declarations of `file`, imports; fails on a package. */
function importsOf(file, text) {
  const found = [];
  const visit = (node) => {
    let spec;
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier) spec = node.moduleSpecifier.text;
    if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument)) spec = node.argument.literal.text;
    if (spec !== undefined) {
      if (!spec.startsWith(".")) {
        console.error(`types: ${file} imports "${spec}": the declarations must stand alone`);
        process.exit(1);
      }
      found.push(posix.join(posix.dirname(file), spec.replace(/\.js$/, ".d.ts")));
    }
    ts.forEachChild(node, visit);
  };
  visit(parse(text));
  return found;
}

/**
 * Type-checks the declarations in `written` (path relative to the out folder
 * -> text) before they are written, as a user's project does: with neither
 * DOM, Node nor the peer's types.
 */
function checkAlone(written) {
  const options = {
    strict: true,
    noEmit: true,
    target: ts.ScriptTarget.ES2022,
    lib: ["lib.es2022.d.ts"],
    types: [],
    skipLibCheck: false,
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
  };
  // The out folder as it will be, in memory, at paths as tsc writes them.
  const host = ts.createCompilerHost(options);
  const dir = out.split(sep).join("/");
  const files = new Map([...written].map(([file, text]) => [`${dir}/${file}`, text]));
  const inOut = (p) => p === dir || p.startsWith(`${dir}/`);
  const {fileExists, readFile, getSourceFile, directoryExists} = host;
  host.fileExists = (p) => (inOut(p) ? files.has(p) : fileExists.call(host, p));
  host.readFile = (p) => (inOut(p) ? files.get(p) : readFile.call(host, p));
  host.directoryExists = (d) => (inOut(d) ? [...files.keys()].some((f) => f.startsWith(`${d}/`)) : directoryExists.call(host, d));
  host.getSourceFile = (p, version, ...rest) =>
    inOut(p) ? (files.has(p) ? ts.createSourceFile(p, files.get(p), version) : undefined) : getSourceFile.call(host, p, version, ...rest);
  const program = ts.createProgram({rootNames: ENTRIES.map((e) => `${dir}/${e}`), options, host});
  assertNone(ts.getPreEmitDiagnostics(program), "the declarations do not compile alone");
}

const {files, program} = emit();
const stripped = new Map();
for (const [file, text] of files) {
  const source = program.getSourceFile(join(root, "js", file.replace(/\.d\.ts$/, ".js")));
  stripped.set(file, stripInternal(text, source ? internalNames(source) : new Set()));
}
const kept = new Set();
const queue = [...ENTRIES];
while (queue.length > 0) {
  const file = queue.shift();
  if (kept.has(file)) continue;
  if (!stripped.has(file)) {
    console.error(`types: tsc emitted no ${file}`);
    process.exit(1);
  }
  kept.add(file);
  queue.push(...importsOf(file, stripped.get(file)));
}
const written = new Map();
for (const file of [...kept].sort()) {
  const header = `// Generated by tools/types.mjs from js/${file.replace(/\.d\.ts$/, ".js")}: do not edit; run make types.\n`;
  written.set(file, header + stripped.get(file));
}
checkAlone(written);
rmSync(out, {recursive: true, force: true});
for (const [file, text] of written) {
  mkdirSync(dirname(join(out, file)), {recursive: true});
  writeFileSync(join(out, file), text);
}
console.log(`types: wrote ${[...kept].sort().join(", ")} into ${relative(root, out) || "."}`);
