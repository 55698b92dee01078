// What an import of sha256-simd costs an application's bundle, beside the
// peers' equivalents: SIZE_CASES, the imports, and bundleSize(), which
// bundles one as an application's bundler would (esbuild, minified ESM for
// browsers, .wasm imports left to be served apart) and gzips it at level 9.
// bench/sizes.js writes the table of them; test/ holds budgets to them.
import {gzipSync} from "node:zlib";
import * as esbuild from "esbuild";

/** The version of esbuild bundleSize() bundles with. */
export const esbuildVersion = esbuild.version;

/** Cloudflare Workers' export conditions, as its bundler resolves them. */
const workerd = ["workerd", "worker", "browser"];
/** as-sha256 1.2's whole API, its 17 names. */
export const AS_SHA256_NAMES = [
  "SHA256", "allocUnsafe", "batchHash4HashObjectInputs", "batchHash4UintArray64s", "byteArrayIntoHashObject",
  "byteArrayToHashObject", "digest", "digest2Bytes32", "digest2Bytes32Into", "digest64", "digest64HashObjects",
  "digest64HashObjectsInto", "digest64Into", "hashInto", "hashObjectToByteArray", "reinitializeInstance", "simdEnabled",
];
const three = "{digest, digest64, hashInto}";
const names = `{${AS_SHA256_NAMES.join(", ")}}`;

/**
 * @typedef {object} SizeCase
 * @property {string} id
 * @property {string} lib  the package the entry imports: sha256-simd, @chainsafe/as-sha256 or @noble/hashes
 * @property {string} title  what it imports, under which conditions
 * @property {string} contents  the entry module's source
 * @property {string[]} conditions  export conditions besides those of esbuild's platform "browser"
 * @property {string} [sameAs]  a peer's: the id of sha256-simd's case whose work it does
 */

/** @type {SizeCase[]} */
export const SIZE_CASES = [
  {id: "digest", lib: "sha256-simd", title: "{digest}", contents: `export {digest} from "sha256-simd";`, conditions: []},
  {id: "digest64", lib: "sha256-simd", title: "{digest64}", contents: `export {digest64} from "sha256-simd";`, conditions: []},
  {id: "three", lib: "sha256-simd", title: three, contents: `export ${three} from "sha256-simd";`, conditions: []},
  {id: "names", lib: "sha256-simd", title: "as-sha256's 17 names", contents: `export ${names} from "sha256-simd";`, conditions: []},
  {id: "hasher", lib: "sha256-simd", title: "sha256-simd/hasher", contents: `export {hasher} from "sha256-simd/hasher";`, conditions: []},
  {
    id: "extras",
    lib: "sha256-simd",
    title: "{digest, hmac, hkdf, pbkdf2, digestMany}",
    contents: `export {digest, hmac, hkdf, pbkdf2, digestMany} from "sha256-simd";`,
    conditions: [],
  },
  {
    id: "everything",
    lib: "sha256-simd",
    title: "everything, with the hasher",
    contents: `export * from "sha256-simd";\nexport {hasher} from "sha256-simd/hasher";`,
    conditions: [],
  },
  {id: "digest-react-native", lib: "sha256-simd", title: "{digest}, react-native", contents: `export {digest} from "sha256-simd";`, conditions: ["react-native"]},
  {
    id: "hasher-react-native",
    lib: "sha256-simd",
    title: "sha256-simd/hasher, react-native",
    contents: `export {hasher} from "sha256-simd/hasher";`,
    conditions: ["react-native"],
  },
  {id: "digest-workerd", lib: "sha256-simd", title: "{digest}, workerd (.wasm apart)", contents: `export {digest} from "sha256-simd";`, conditions: workerd},
  {
    id: "as-sha256-digest",
    lib: "@chainsafe/as-sha256",
    title: "{digest}",
    contents: `export {digest} from "@chainsafe/as-sha256";`,
    conditions: [],
    sameAs: "digest",
  },
  {
    id: "as-sha256-digest64",
    lib: "@chainsafe/as-sha256",
    title: "{digest64}",
    contents: `export {digest64} from "@chainsafe/as-sha256";`,
    conditions: [],
    sameAs: "digest64",
  },
  {
    id: "as-sha256-three",
    lib: "@chainsafe/as-sha256",
    title: three,
    contents: `export ${three} from "@chainsafe/as-sha256";`,
    conditions: [],
    sameAs: "three",
  },
  {
    id: "as-sha256-names",
    lib: "@chainsafe/as-sha256",
    title: "its 17 names",
    contents: `export ${names} from "@chainsafe/as-sha256";`,
    conditions: [],
    sameAs: "names",
  },
  {
    id: "noble-sha256",
    lib: "@noble/hashes",
    title: "{sha256} from @noble/hashes/sha2.js",
    contents: `export {sha256} from "@noble/hashes/sha2.js";`,
    conditions: [],
    sameAs: "digest",
  },
];

/** The pieces of as-sha256's 17 names: what the gzipped bundle loses without each, stubbed out (bench/sizes.js). */
export const PIECES = [
  {id: "lanes", title: "the 4-lane module", file: /\/generated\/lanes-wasm\.js$/, code: `export default "";`},
  {id: "core", title: "the core module", file: /\/generated\/core-wasm\.js$/, code: `export default "";`},
  {id: "portable", title: "the portable core", file: /\/backends\/portable\/core\.js$/, code: `export const portable = null, module = null;`},
];

/**
 * The bytes of `entry` (a SizeCase) bundled: {gzip, minified, inputs}, inputs
 * being the files that went in as esbuild's metafile names them. `resolveDir`
 * is where the entry's imports resolve from: a folder whose node_modules
 * finds "sha256-simd" through its exports, such as bench/. `stubs`, some
 * of PIECES, are bundled as modules that export their names empty.
 */
export async function bundleSize(entry, {resolveDir, stubs = []}) {
  const stub = {
    name: "stub",
    setup: (b) =>
      b.onLoad({filter: /\.js$/}, ({path}) => {
        const piece = stubs.find((p) => p.file.test(path));
        return piece && {contents: piece.code};
      }),
  };
  const result = await esbuild.build({
    stdin: {contents: entry.contents, resolveDir, sourcefile: "entry.js"},
    bundle: true,
    minify: true,
    format: "esm",
    platform: "browser",
    conditions: entry.conditions,
    mainFields: ["module", "main"],
    external: ["*.wasm"],
    write: false,
    metafile: true,
    logLevel: "warning",
    plugins: [stub],
  });
  const code = result.outputFiles[0].contents;
  return {gzip: gzipSync(code, {level: 9}).length, minified: code.length, inputs: Object.keys(result.metafile.inputs)};
}
