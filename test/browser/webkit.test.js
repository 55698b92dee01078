// The package in WebKitGTK's MiniBrowser (JavaScriptCore, Safari's engine),
// driven by WebKitWebDriver: the same checks as in Chromium
// (test/browser-checks.js), on the main thread and in a module worker, with
// each wasm module, against WebCrypto. It needs an X display (xvfb-run -a).
import {describeBrowserChecks} from "./browser-checks.js";
import {launchWebKitGtk, webKitGtkMissing} from "../support/webkit.js";

describeBrowserChecks("WebKitGTK", {missing: () => webKitGtkMissing("WebKitGTK tests"), launch: launchWebKitGtk});
