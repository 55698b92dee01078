// The CPU a results file records and is named after: family, model and the flags that matter, from
// /proc/cpuinfo, in bench/node.js's files and in run-headless.js's, whose browser runs on this machine
// (a page opened by hand cannot know them, and keeps the model name alone).
import assert from "node:assert/strict";
import {execFileSync} from "node:child_process";
import {fileURLToPath} from "node:url";
import {chromiumMissing} from "sha256-simd-support/chromium.js";
import {cpuDetails, environment, parseCpuInfo} from "../report/results-files.js";
import {resultsFileName} from "../report/results.js";
import {jsonWritten} from "./quick-run.js";

const intel = (n) =>
  `processor\t: ${n}\nvendor_id\t: GenuineIntel\ncpu family\t: 6\nmodel\t\t: 106\n` +
  `model name\t: Intel(R) Xeon(R) Platinum 8375C CPU @ 2.90GHz\nflags\t\t: fpu sse2 avx2 sha_ni avx512f avx512bw\n`;
const arm = "processor\t: 0\nBogoMIPS\t: 243.75\nFeatures\t: fp asimd sha2\nCPU implementer\t: 0x41\nCPU part\t: 0xd0c\n";

/** lscpu's "CPU family", "Model" and flags, where it runs and reports them. */
function lscpu() {
  try {
    const out = execFileSync("lscpu", {encoding: "utf8", env: {...process.env, LC_ALL: "C"}});
    const field = (name) => new RegExp(`^${name}:\\s*(.*)$`, "m").exec(out)?.[1].trim();
    return {family: Number(field("CPU family")), model: Number(field("Model")), flags: (field("Flags") ?? "").split(" ")};
  } catch {
    return null;
  }
}

describe("the CPU of a results file", function () {
  it("reads family, model and the flags that matter from /proc/cpuinfo's first processor, and nothing from an Arm one", function () {
    assert.deepEqual(parseCpuInfo(`${intel(0)}\n${intel(1).replace("106", "143")}`), {cpuFamily: 6, cpuModel: 106, cpuFlags: ["sha_ni", "avx2", "avx512f"]});
    assert.deepEqual(parseCpuInfo(arm), {});
    assert.deepEqual(parseCpuInfo(""), {});
  });

  it("records this machine's family, model and flags as lscpu reports them", function () {
    const got = environment({});
    const want = process.platform === "linux" ? lscpu() : null;
    if (!want || !Number.isInteger(want.family)) {
      assert.deepEqual(cpuDetails(), {});
      return this.skip();
    }
    const flags = ["sha_ni", "avx2", "avx512f", "avx512vl"].filter((f) => want.flags.includes(f));
    assert.deepEqual([got.cpuFamily, got.cpuModel, got.cpuFlags], [want.family, want.model, flags]);
  });

  it("names a file after family and model where the run knew them, else after the model name alone", function () {
    const env = {runtime: "node", runtimeVersion: "24.22.3", cpu: "AMD EPYC", date: "2026-12-02T06:52:09.409Z"};
    assert.equal(resultsFileName({...env, cpuFamily: 26, cpuModel: 2}), "node-24.22.3_amd-epyc-f26m2_2026-12-02.json");
    assert.equal(resultsFileName({...env, cpuFamily: 25, cpuModel: 1}), "node-24.22.3_amd-epyc-f25m1_2026-12-02.json");
    assert.equal(resultsFileName({...env, runtime: "firefox", runtimeVersion: "153.8.0"}), "firefox-153.8.0_amd-epyc_2026-12-02.json");
    const intel = {...env, cpu: "Intel(R) Xeon(R) Platinum 8375C CPU @ 2.90GHz", label: "laptop"};
    assert.equal(resultsFileName(intel), "node-24.22.3_intel-xeon-platinum_2026-12-02_laptop.json");
  });
});

describe("bench/web/run-headless.js --quick", function () {
  this.timeout(180000);

  it("writes a results file with this machine's CPU family, model and flags, named after them", async function () {
    const missing = chromiumMissing("run-headless.js test");
    if (missing) {
      console.warn(`      ${missing}`);
      return this.skip();
    }
    const script = fileURLToPath(new URL("../web/run-headless.js", import.meta.url));
    const args = ["--quick", "--filter", "^digest64$", "--impl", "^(ours-simd|as-sha256)$", "--out"];
    const {doc} = await jsonWritten((out) => execFileSync(process.execPath, [script, ...args, out], {stdio: "pipe"}));
    const host = environment({});
    // resultsFileName() names the file after these, as the test above checks.
    for (const key of ["cpu", "cpuFamily", "cpuModel", "cpuFlags"]) assert.deepEqual(doc.env[key], host[key], key);
    assert.equal(doc.env.runtime, "chromium");
  });
});
