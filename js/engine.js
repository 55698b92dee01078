// Which JavaScript engine runs this code, for the few choices that are faster
// one way on one engine and the other way on another (see where `engine` is
// used). Told apart by the properties a fresh Error gets, which each engine
// has had for over a decade and none has copied from another:
// JavaScriptCore (Safari, every iOS browser, Bun) gives it `line` and
// `column`, SpiderMonkey (Firefox) `lineNumber` and `columnNumber`, V8
// (Chrome, Node, Deno) neither. An unknown engine counts as V8, whose choices
// are the defaults.

/** "jsc", "spidermonkey" or "v8". */
export const engine = detectEngine(new Error());

export function detectEngine(error) {
  if (typeof error.line === "number") return "jsc";
  if (typeof error.lineNumber === "number") return "spidermonkey";
  return "v8";
}
