// The benchmark page in quick mode in Firefox ESR and WebKitGTK, as users of
// those browsers open it (Chromium's run, with the page's controls, is in
// web.test.js). WebKitGTK needs an X display (xvfb-run -a).
import {firefoxMissing, launchFirefox} from "sha256-simd-support/firefox.js";
import {launchWebKitGtk, webKitGtkMissing} from "sha256-simd-support/webkit.js";
import {describeBenchPage} from "./page.js";

describeBenchPage("Firefox ESR", {missing: () => firefoxMissing("Firefox page tests"), launch: launchFirefox, runtime: "firefox"});
describeBenchPage("WebKitGTK", {missing: () => webKitGtkMissing("WebKitGTK page tests"), launch: launchWebKitGtk, runtime: "safari"});
