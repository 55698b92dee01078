// Writes the graph that wasm-metadce (wasm.mk) keeps a module's exports by:
// the export names on stdin, one per line, each a root.
import {readFileSync} from "node:fs";

const names = readFileSync(0, "utf8").split("\n").filter(Boolean);
process.stdout.write(JSON.stringify(names.map((name) => ({name, root: true, export: name}))) + "\n");
