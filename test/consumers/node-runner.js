// The runner of fixtures that are Node programs (consumer.json "run":
// "node"): the build's script (consumer.json "script", else check.mjs, in
// the build's out folder) run by this Node, printing {problems: [...]} as
// JSON on its last line of output.
import {execFile} from "node:child_process";
import {join} from "node:path";
import {promisify} from "node:util";

const run = promisify(execFile);

/** The script's problems, or why it gave none. */
export async function node({dir, out, config}) {
  const script = join(out, config.script ?? "check.mjs");
  let stdout, stderr, failure;
  try {
    ({stdout, stderr} = await run(process.execPath, [script], {cwd: dir, timeout: 120000, maxBuffer: 16 << 20}));
  } catch (e) {
    ({stdout = "", stderr = ""} = e);
    failure = e.killed ? `killed after 120 s (${e.signal})` : `exit code ${e.code}`;
  }
  const last = stdout.trimEnd().split("\n").pop();
  let result;
  try {
    result = JSON.parse(last);
  } catch {
    result = undefined;
  }
  const problems = Array.isArray(result?.problems) ? result.problems.map(String) : [];
  if (failure) problems.push(`${script}: ${failure}: ${stderr.slice(-2000)}`);
  else if (!Array.isArray(result?.problems)) problems.push(`${script} printed no {problems} JSON: ${last.slice(-500)}`);
  return {problems};
}
