// The package in Firefox ESR, driven by puppeteer-core over WebDriver BiDi:
// the same checks as in Chromium (test/browser-checks.js), on the main thread
// and in a module worker, with each wasm module, against WebCrypto.
import {firefoxMissing, launchFirefox} from "../support/firefox.js";
import {describeBrowserChecks} from "./browser-checks.js";

describeBrowserChecks("Firefox ESR", {missing: () => firefoxMissing("Firefox tests"), launch: launchFirefox});
