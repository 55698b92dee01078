// The declarations of a .d.ts, read with the TypeScript compiler API, held
// against what its module exports at run time (test/support/probe.js), for
// test/declarations.test.js. What is checked, and why:
// - The runtime exports are the declared value exports (functions, classes,
//   consts and lets, enums, namespaces), re-exports followed to the file they
//   name; interfaces, type aliases and `export type` have no runtime value.
// - A function's (or method's, or constructor's) `length` lies in R..P: R is
//   the count of declared parameters before the first optional or rest one, P
//   the count before the first rest one. JS's `length` counts the parameters
//   before the first default or rest one, so the code may give a declared
//   optional parameter a default (`length` stops there) or take it plainly and
//   test it for undefined itself, as `reinitializeInstance(useSimd)` does (it
//   counts, up to P). Below R the code lacks a parameter the declaration
//   requires, or gives one a default (the declaration should then make it
//   optional); above P it requires one that the declaration never passes.
// - A class is a class (`class` source), with every declared method on its
//   prototype or itself (static), and no public method or accessor there that
//   the declaration lacks (`constructor`, symbols and #names are never public API).
//   Instance fields are not checked: they exist only on an instance.
// - A value of a primitive type (boolean, number, string, a literal or a union
//   of them, null, undefined) has that type; a `typeof f` is checked as f; one
//   of an interface or object type has every required member, each checked by
//   its own type, and no public member the type lacks.
// Types the checker cannot hold a value against (Uint8Array, Promise<T>, a
// generic) pass unchecked.
import {execFile} from "node:child_process";
import {readFileSync} from "node:fs";
import {resolve} from "node:path";
import {fileURLToPath} from "node:url";
import {promisify} from "node:util";
import ts from "typescript";

const K = ts.SyntaxKind;
const probePath = fileURLToPath(new URL("probe.js", import.meta.url));
const options = {module: ts.ModuleKind.NodeNext, moduleResolution: ts.ModuleResolutionKind.NodeNext};
const hasModifier = (node, kind) => (ts.canHaveModifiers(node) && ts.getModifiers(node)?.some((m) => m.kind === kind)) ?? false;
const VALUE_KINDS = new Set([K.FunctionDeclaration, K.ClassDeclaration, K.VariableStatement, K.EnumDeclaration, K.ModuleDeclaration, K.ExportAssignment]);
const files = new Map();

function resolveSpec(spec, from) {
  const found = ts.resolveModuleName(spec, from, options, ts.sys, undefined, undefined, ts.ModuleKind.ESNext).resolvedModule;
  if (!found) throw new Error(`${from}: cannot resolve "${spec}"`);
  return found.resolvedFileName;
}

const namesOf = (st) => (ts.isVariableStatement(st) ? st.declarationList.declarations.map((d) => d.name.text) : st.name ? [st.name.text] : []);

/** The declarations of `path`: {path, locals, imports, exports}, exports a Map of name to {file, name, nodes, typeOnly}. */
export function declarations(path) {
  path = resolve(path);
  if (files.has(path)) return files.get(path);
  const sf = ts.createSourceFile(path, readFileSync(path, "utf8"), ts.ScriptTarget.Latest, true);
  const file = {path, locals: new Map(), imports: new Map(), exports: new Map()};
  files.set(path, file);
  for (const st of sf.statements) {
    if (ts.isImportDeclaration(st) && st.importClause) {
      const {name, namedBindings: b, isTypeOnly} = st.importClause;
      const add = (local, imported, typeOnly) => file.imports.set(local, {spec: st.moduleSpecifier.text, imported, typeOnly: isTypeOnly || typeOnly});
      if (name) add(name.text, "default", false);
      if (b && ts.isNamespaceImport(b)) add(b.name.text, "*", false);
      else for (const el of b?.elements ?? []) add(el.name.text, (el.propertyName ?? el.name).text, el.isTypeOnly);
    }
    for (const name of namesOf(st)) file.locals.set(name, [...(file.locals.get(name) ?? []), st]);
  }
  for (const st of sf.statements) {
    if (ts.isExportDeclaration(st)) {
      const from = st.moduleSpecifier && declarations(resolveSpec(st.moduleSpecifier.text, path));
      const clause = st.exportClause;
      if (!clause) {
        // `export *` passes on no default, and yields to a name the file exports itself.
        for (const [name, e] of from.exports) {
          if (name !== "default" && !file.exports.has(name)) file.exports.set(name, {...e, typeOnly: e.typeOnly || st.isTypeOnly});
        }
      } else if (ts.isNamespaceExport(clause)) {
        file.exports.set(clause.name.text, {file: from, name: "*", nodes: [], namespace: true, typeOnly: st.isTypeOnly});
      } else {
        for (const el of clause.elements) {
          const original = (el.propertyName ?? el.name).text;
          const e = from ? from.exports.get(original) : lookup(file, original);
          if (!e) throw new Error(`${path}: exports ${original}, which it cannot find`);
          file.exports.set(el.name.text, {...e, typeOnly: e.typeOnly || st.isTypeOnly || el.isTypeOnly});
        }
      }
    } else if (ts.isExportAssignment(st) && !st.isExportEquals) {
      file.exports.set("default", {file, name: "default", nodes: [st], typeOnly: false});
    } else if (hasModifier(st, K.ExportKeyword)) {
      for (const name of hasModifier(st, K.DefaultKeyword) ? ["default"] : namesOf(st)) {
        file.exports.set(name, {file, name, nodes: file.locals.get(st.name?.text ?? name), typeOnly: false});
      }
    }
  }
  return file;
}

/** What `name` stands for in `file`: a local declaration or an import, followed; null for a global. */
export function lookup(file, name) {
  if (file.locals.has(name)) return {file, name, nodes: file.locals.get(name), typeOnly: false};
  const imp = file.imports.get(name);
  if (!imp) return null;
  const target = declarations(resolveSpec(imp.spec, file.path));
  if (imp.imported === "*") return {file: target, name, nodes: [], namespace: true, typeOnly: imp.typeOnly};
  const e = target.exports.get(imp.imported);
  if (!e) throw new Error(`${file.path}: "${imp.spec}" exports no ${imp.imported}`);
  return {...e, typeOnly: e.typeOnly || imp.typeOnly};
}

export const isValue = (e) => !e.typeOnly && (e.namespace || e.nodes.some((n) => VALUE_KINDS.has(n.kind)));

/** A parameter list as {required: R, positional: P, text}. */
function signature(node) {
  const ps = node.parameters.filter((p) => p.name.getText() !== "this");
  const stop = (p) => p.questionToken || p.initializer || p.dotDotDotToken;
  const rest = ps.findIndex((p) => p.dotDotDotToken);
  const required = ps.findIndex(stop);
  return {required: required < 0 ? ps.length : required, positional: rest < 0 ? ps.length : rest, text: `(${ps.map((p) => p.getText()).join(", ")})`};
}

function lengthProblems(where, sigs, length) {
  const lo = Math.min(...sigs.map((s) => s.required));
  const hi = Math.max(...sigs.map((s) => s.positional));
  if (length >= lo && length <= hi) return [];
  return [`${where}: length ${length}, declared ${sigs.map((s) => s.text).join(" or ")}, which allows ${lo === hi ? lo : `${lo} to ${hi}`}`];
}

const memberName = (m) => (m.name && (ts.isIdentifier(m.name) || ts.isStringLiteral(m.name) || ts.isNumericLiteral(m.name)) ? m.name.text : null);

/** The public members of classes, interfaces (with what they extend) and type literals: Map name -> {kind, static, optional, type, sigs, file}. */
function membersOf(nodes, file, out = new Map()) {
  for (const node of nodes) {
    for (const clause of node.heritageClauses ?? []) {
      if (clause.token !== K.ExtendsKeyword || !ts.isInterfaceDeclaration(node)) continue;
      for (const t of clause.types) {
        const base = lookup(file, t.expression.getText());
        if (base) membersOf(base.nodes, base.file, out);
      }
    }
    for (const m of node.members ?? []) {
      const name = memberName(m);
      if (name === null || hasModifier(m, K.PrivateKeyword) || hasModifier(m, K.ProtectedKeyword)) continue;
      const isStatic = hasModifier(m, K.StaticKeyword);
      const method = ts.isMethodDeclaration(m) || ts.isMethodSignature(m);
      const key = isStatic ? `static ${name}` : name;
      const prev = out.get(key);
      const sigs = method ? [...(prev?.sigs ?? []), signature(m)] : [];
      out.set(key, {name, kind: method ? "method" : "property", static: isStatic, optional: Boolean(m.questionToken), type: m.type, sigs, file});
    }
  }
  return out;
}

function show(d) {
  if (d.type === "null" || d.type === "undefined") return `is ${d.type}`;
  if (d.type === "string") return `is ${JSON.stringify(d.value)}`;
  if ("value" in d) return `is ${d.type} ${d.value}`;
  return d.isClass ? "is a class" : d.type === "object" ? "is an object" : `is a ${d.type}`;
}

/** Problems of `desc` as a value of type node `type` (in `file`): [] when it fits, null when the type cannot be checked. */
function test(type, file, desc, where) {
  const bad = [`${where}: ${show(desc)}, declared ${type.getText()}`];
  switch (type.kind) {
    case K.ParenthesizedType:
      return test(type.type, file, desc, where);
    case K.NumberKeyword:
    case K.StringKeyword:
    case K.BooleanKeyword:
    case K.BigIntKeyword:
    case K.SymbolKeyword:
    case K.UndefinedKeyword:
      return desc.type === type.getText() ? [] : bad;
    case K.LiteralType: {
      const lit = type.literal;
      if (lit.kind === K.NullKeyword) return desc.type === "null" ? [] : bad;
      if (lit.kind === K.TrueKeyword || lit.kind === K.FalseKeyword) return desc.value === (lit.kind === K.TrueKeyword) ? [] : bad;
      if (ts.isStringLiteral(lit)) return desc.type === "string" && desc.value === lit.text ? [] : bad;
      if (ts.isNumericLiteral(lit)) return desc.type === "number" && desc.value === Number(lit.text) ? [] : bad;
      return null;
    }
    case K.UnionType: {
      const each = type.types.map((t) => test(t, file, desc, where));
      if (each.includes(null)) return null;
      return each.some((p) => p.length === 0) ? [] : bad;
    }
    case K.FunctionType:
      return desc.type === "function" ? lengthProblems(where, [signature(type)], desc.length) : bad;
    case K.TypeQuery: {
      const e = lookup(file, type.exprName.getText());
      return e ? checkValue(e, desc, where) : null;
    }
    case K.TypeLiteral:
      return checkMembers(membersOf([type], file), desc, where);
    case K.TypeReference: {
      const e = type.typeArguments ? null : lookup(file, type.typeName.getText());
      return e ? checkTypeName(e, desc, where) : null;
    }
    default:
      return null;
  }
}

function checkMembers(members, desc, where) {
  if (desc.type !== "object" || !desc.members) return desc.type === "object" ? null : [`${where}: ${show(desc)}, declared an object`];
  const out = [];
  for (const [name, m] of members) {
    const got = desc.members[name];
    const at = `${where}.${name}`;
    if (!got) {
      if (!m.optional) out.push(`${at}: missing`);
    } else if (m.kind === "method") {
      out.push(...(got.type === "function" ? lengthProblems(at, m.sigs, got.length) : [`${at}: ${show(got)}, declared a method`]));
    } else if (m.type) {
      out.push(...(test(m.type, m.file, got, at) ?? []));
    }
  }
  for (const name of Object.keys(desc.members)) {
    if (!members.has(name) && !name.startsWith("#") && name !== "constructor") out.push(`${where}.${name}: not declared`);
  }
  return out;
}

/** Problems of `desc` as an object of the interface, type alias or class that `e` is. */
function checkTypeName(e, desc, where) {
  const node = e.nodes.find((n) => ts.isInterfaceDeclaration(n) || ts.isTypeAliasDeclaration(n));
  if (!node) return null;
  if (ts.isTypeAliasDeclaration(node)) return test(node.type, e.file, desc, where);
  return checkMembers(membersOf(e.nodes.filter(ts.isInterfaceDeclaration), e.file), desc, where);
}

function checkClass(e, node, desc, where) {
  if (desc.type !== "function" || !desc.isClass) return [`${where}: ${show(desc)}, declared a class`];
  const ctors = node.members.filter(ts.isConstructorDeclaration).map(signature);
  const out = lengthProblems(`${where} constructor`, ctors.length ? ctors : [{required: 0, positional: 0, text: "()"}], desc.length);
  const members = membersOf([node], e.file);
  for (const m of members.values()) {
    const at = m.static ? `${where}.${m.name}` : `${where}.prototype.${m.name}`;
    const got = (m.static ? desc.statics : desc.proto)[m.name];
    if (m.kind === "method") {
      if (!got) out.push(`${at}: missing`);
      else if (got.kind !== "method") out.push(`${at}: ${got.kind === "field" ? show(got) : `is a ${got.kind} accessor`}, declared a method`);
      else out.push(...lengthProblems(at, m.sigs, got.length));
    } else if (m.static) {
      if (!got && !m.optional) out.push(`${at}: missing`);
      else if (got && m.type) out.push(...(test(m.type, m.file, got, at) ?? []));
    }
  }
  for (const [side, names] of [["static ", desc.statics], ["", desc.proto]]) {
    for (const name of Object.keys(names)) {
      if (!members.has(side + name) && !name.startsWith("#")) out.push(`${where}${side ? "" : ".prototype"}.${name}: not declared`);
    }
  }
  return out;
}

/** Problems of `desc` as the value that declaration `e` declares. */
function checkValue(e, desc, where) {
  const fns = e.nodes.filter(ts.isFunctionDeclaration);
  if (fns.length) {
    if (desc.type !== "function" || desc.isClass) return [`${where}: ${show(desc)}, declared a function`];
    return lengthProblems(where, fns.map(signature), desc.length);
  }
  const cls = e.nodes.find(ts.isClassDeclaration);
  if (cls) return checkClass(e, cls, desc, where);
  const variable = e.nodes.find(ts.isVariableStatement)?.declarationList.declarations.find((d) => d.name.text === e.name);
  if (variable?.type) return test(variable.type, e.file, desc, where) ?? [];
  return [];
}

const run = promisify(execFile);

/** What `modulePath` exports at run time, and what each body of `samples` returns, described by probe.js. */
export async function probe(modulePath, samples = {}) {
  const {stdout} = await run(process.execPath, [probePath, JSON.stringify({module: modulePath, samples})], {maxBuffer: 1 << 26, timeout: 60000});
  return JSON.parse(stdout);
}

/**
 * Every mismatch between `dtsPath` and `modulePath`, each naming its export:
 * export sets, and each value by its declaration; then each sample, {type,
 * body}, the object that body returns (m: the module) held against the type
 * named `type` in the .d.ts's scope.
 */
export async function mismatches(dtsPath, modulePath, samples = []) {
  const file = declarations(dtsPath);
  const runtime = await probe(modulePath, Object.fromEntries(samples.map((s, i) => [i, s.body])));
  const out = [];
  for (const [name, e] of file.exports) {
    if (!isValue(e)) continue;
    const got = runtime.exports[name];
    out.push(...(got ? checkValue(e, got, name) : [`${name}: declared, not exported`]));
  }
  for (const name of Object.keys(runtime.exports)) {
    const e = file.exports.get(name);
    if (!e || !isValue(e)) out.push(`${name}: exported, not declared${e ? " as a value (only as a type)" : ""}`);
  }
  samples.forEach(({type, body}, i) => {
    const got = runtime.samples[i];
    const e = file.exports.get(type) ?? lookup(file, type);
    const where = `${type} of {${body}}`;
    if (!e) out.push(`${where}: no type ${type} in ${dtsPath}`);
    else if (got.error) out.push(`${where}: threw ${got.error}`);
    else out.push(...(checkTypeName(e, got, where) ?? [`${where}: ${type} is not an interface or type the checker can hold a value against`]));
  });
  return out;
}

/** The members of type `name` as declared in `dtsPath` (or a file it imports), name -> type text ("?" when optional). */
export function memberTypes(dtsPath, name) {
  const file = declarations(dtsPath);
  const e = file.exports.get(name) ?? lookup(file, name);
  const node = e.nodes.find((n) => ts.isInterfaceDeclaration(n) || ts.isTypeAliasDeclaration(n));
  const members = membersOf(ts.isTypeAliasDeclaration(node) ? [node.type] : [node], e.file);
  const text = (m) => (m.kind === "method" ? `${m.sigs.map((s) => s.text).join(" | ")} => ` : "") + (m.type?.getText() ?? "any");
  return Object.fromEntries([...members.values()].map((m) => [m.name, `${m.optional ? "?" : ""}${text(m)}`]));
}
