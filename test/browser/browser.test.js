// The package in Chromium, driven by playwright-core: the checks of
// test/browser-checks.js on the main thread and in a module worker, with each
// wasm module, against WebCrypto.
import {chromiumMissing, launchChromium} from "../support/chromium.js";
import {describeBrowserChecks} from "./browser-checks.js";

describeBrowserChecks("Chromium", {missing: () => chromiumMissing("browser tests"), launch: launchChromium});
