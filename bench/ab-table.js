// The A/B runs saved under bench/results/ (ab_*.json, bench/report/ab.js) as
// one markdown table: new over old per case and engine, round by round, one
// figure per run.
//
//   node bench/ab-table.js [FILE ...]     default: every ab_*.json, in name order
import {readFileSync} from "node:fs";
import {join} from "node:path";
import {abTable} from "./report/ab.js";
import {readResults, resultsDir} from "./report/results-files.js";

const files = process.argv.slice(2);
const docs = files.length
  ? files.map((f) => JSON.parse(readFileSync(f, "utf8")))
  : readResults(resultsDir).filter(({name}) => name.startsWith("ab_")).map(({doc}) => doc);
if (docs.length === 0) throw new Error(`no ab_*.json in ${join(resultsDir)}`);
const commits = [...new Set(docs.map(({builds: {a, b}}) => `b ${b.commit} over a ${a.commit}`))];
process.stdout.write(`${commits.join("; ")}\n\n${abTable(docs)}`);
