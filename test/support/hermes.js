// React Native's engine for the tests and the benchmark: Hermes 0.12 from npm
// (hermes-engine-cli, a devDependency), and scripts for it as Metro makes
// them: one bundle under the react-native export condition, with classes
// lowered by Babel, since Hermes 0.12 has no class syntax and fails on a
// script that has any.
import {fileURLToPath} from "node:url";
import babel from "@babel/core";
import * as esbuild from "esbuild";

export const hermesPath = fileURLToPath(new URL("../../node_modules/hermes-engine-cli/linux64-bin/hermes", import.meta.url));

/** `contents`, an ES module whose imports resolve from resolveDir, as one script for Hermes. */
export async function hermesBundle(contents, resolveDir) {
  const result = await esbuild.build({
    stdin: {contents, resolveDir, sourcefile: "hermes-entry.js"},
    bundle: true,
    format: "iife",
    platform: "neutral",
    conditions: ["react-native"],
    mainFields: ["module", "main"],
    target: "es2019",
    write: false,
    logLevel: "warning",
  });
  return babel.transformSync(result.outputFiles[0].text, {plugins: ["@babel/plugin-transform-classes"], babelrc: false, configFile: false}).code;
}
