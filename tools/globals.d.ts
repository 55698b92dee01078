// The globals of Node, Deno and Bun that js/ reads where they exist, for the
// type check of js/ (tsconfig.json) alone: the package has no Node types, and
// its declarations (js/generated/types/) mention none of these.
declare var process: {versions?: {node?: string; bun?: string}; arch?: string; getBuiltinModule?(name: string): any} | undefined;
declare var Buffer: {allocUnsafe(size: number): Uint8Array} | undefined;
declare var Deno: object | undefined;
