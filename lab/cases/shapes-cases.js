// The two 4-lane shapes, x4 and x4m (js/core/lanes.js), side by side through
// hashInto in one engine, interleaved: the figures behind the lanes row of
// ENGINE_CHOICES (docs/performance-notes.md, "The 4-lane shape"), the last
// table of lab/choices.js.
// Environment-neutral: the clock and the package's internals
// (lab/internals.js) come in.
import {interleave} from "../../bench/timing/runner.js";

const CALLS = 20;

/** Per message count, each shape's best and median ns per message and x4m's over x4's, as markdown. */
export function shapesTable({internals, now, rounds = 15, ms = 40, counts = [4, 64, 4096]}) {
  const {hashInto} = internals.api;
  const {useShape} = internals.lanes;
  const {choices} = internals.engine;
  const lines = ["| messages a call | x4 best / median ns | x4m best / median ns | x4m ÷ x4, best / median |", "| --- | --- | --- | --- |"];
  for (const n of counts) {
    const input = new Uint8Array(64 * n).fill(n & 255);
    const output = new Uint8Array(32 * n);
    const run = (shape) => () => {
      useShape(shape);
      for (let i = 0; i < CALLS; i++) hashInto(input, output);
    };
    const contenders = {x4: run("x4"), x4m: run("x4m")};
    interleave(contenders, {now, rounds: 3, ms, per: 1}); // warm-up: every tier compiled
    const {x4, x4m} = interleave(contenders, {now, rounds, ms, per: CALLS * n});
    const f = (t) => `${t.bestNs.toFixed(1)} / ${t.medianNs.toFixed(1)}`;
    lines.push(`| ${n} | ${f(x4)} | ${f(x4m)} | ${(x4m.bestNs / x4.bestNs).toFixed(3)} / ${(x4m.medianNs / x4.medianNs).toFixed(3)} |`);
  }
  useShape(choices.lanes);
  return lines.join("\n") + "\n";
}
