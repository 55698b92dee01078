// The benchmark page's share links (bench/web/src/share.js), in Node: every
// committed results file comes back from its link with its times and
// speed-ups, and a damaged or hostile link is refused in plain words.
import assert from "node:assert/strict";
import {deflateRawSync} from "node:zlib";
import {readResults} from "../report/results-files.js";
import {readShared, shareText} from "../web/src/share.js";

const pack = (value) => deflateRawSync(typeof value === "string" ? value : JSON.stringify(value)).toString("base64url");
const near = (got, want, tolerance, what) => assert.ok(Math.abs(got / want - 1) <= tolerance, `${what}: ${got} for ${want}`);

describe("the benchmark page's share links", function () {
  it("carry every committed results file's environment, times and speed-ups, a full run's in under 8,000 characters", async function () {
    for (const {name, doc} of readResults().filter(({doc}) => typeof doc.schema === "number")) {
      const text = await shareText(doc);
      // The page's URL adds its origin and path, "#run=" and the text.
      assert.ok(text.length <= 7800, `${name}: ${text.length} characters`);
      const back = await readShared(text);
      for (const key of ["runtime", "runtimeVersion", "cpu", "cpuFamily", "cpuModel", "label", "date"]) assert.equal(back.env[key], doc.env[key], `${name}: env.${key}`);
      assert.equal(back.options.quick, doc.options?.quick === true);
      for (const r of doc.results.filter((r) => r.nsPerOp > 0)) {
        const got = back.results.find((b) => b.case === r.case && b.impl === r.impl);
        assert.equal(got?.title, r.title ?? r.case, `${name}: ${r.case} / ${r.impl}`);
        near(got.nsPerOp, r.nsPerOp, 5e-4, `${name}: ${r.case} / ${r.impl} ns/op`);
        for (const key of ["ratioVsAsSha256", "ratioVsOurs"]) if (r[key]) near(got[key], r[key], 1e-3, `${name}: ${r.case} / ${r.impl} ${key}`);
      }
    }
  });

  it("refuse a damaged or hostile link, saying why", async function () {
    const run = (fields) => pack({env: {runtime: "chromium"}, cases: [["digest64", "digest64"]], impls: ["ours-simd"], times: [[100]], ...fields});
    await readShared(run({}));
    const refused = {
      "a character no link has": ["abc$", /damaged: it holds characters/],
      "bytes that do not inflate": ["AAAAAAAA", /damaged: its data does not unpack/],
      "a link cut short": [run({}).slice(0, -8), /damaged: its data does not unpack/],
      "text that is not JSON": [pack("{"), /damaged: its data does not unpack/],
      "JSON that is not a run": [pack([1, 2]), /lacks the cases, the implementations or their times/],
      "a run that unpacks past 1 MB": [pack(" ".repeat(2 << 20)), /unpacks to more than a run holds/],
      "more results than a run": [run({cases: Array(200).fill(["a", "a"]), impls: Array(200).fill("x")}), /more results than a run/],
      "no environment": [run({env: null}), /does not say where it was measured/],
      "times that are not numbers": [run({times: [["100"]]}), /holds no results/],
      "a case that is not named": [run({cases: [[{}, "x"]]}), /result 1 names no case/],
    };
    for (const [what, [text, message]] of Object.entries(refused)) await assert.rejects(readShared(text), message, what);
  });
});
