// The benchmark page in quick mode in Firefox ESR and WebKitGTK, as users of
// those browsers open it (Chromium's run, with the page's controls, is in
// web.test.js). WebKitGTK needs an X display (xvfb-run -a).
import assert from "node:assert/strict";
import {writeFile} from "node:fs/promises";
import {join} from "node:path";
import {firefoxMissing, launchFirefox} from "sha256-simd-support/firefox.js";
import {launchWebKitGtk, webKitGtkMissing} from "sha256-simd-support/webkit.js";
import {waitForRun} from "../web/open-bench-page.js";
import {assertFitsScreen, describeBenchPage, fewQuery} from "./page.js";

describeBenchPage("Firefox ESR", {missing: () => firefoxMissing("Firefox page tests"), launch: launchFirefox, runtime: "firefox"});
describeBenchPage("WebKitGTK", {missing: () => webKitGtkMissing("WebKitGTK page tests"), launch: launchWebKitGtk, runtime: "safari"}, (opened) => {
  // Safari's engine, which every iPhone runs, in a frame a phone's width: MiniBrowser's window keeps its toolbar's width, 447 px.
  it("fits a 390 px frame, every speed-up on screen and the outliers capped in the chart", async function () {
    await writeFile(join(opened.dir, "site", "phone.html"), `<iframe src="./?${fewQuery}" width="390" height="844"></iframe>`);
    await opened.page.goto(`${opened.server.url}phone.html`);
    await opened.page.frame(0);
    await waitForRun(opened.page, 60_000);
    assert.equal(await assertFitsScreen(opened.page, await opened.page.evaluate(() => window.benchResults.results)), 390);
  });
});
