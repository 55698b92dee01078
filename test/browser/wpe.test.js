// The fallback in a real browser without wasm SIMD: WPE WebKit 2.38 (cog,
// headless, driven by WPEWebDriver). There the package must choose the
// portable build by itself, refuse reinitializeInstance(true) with a clear
// error, and hash correctly with every function, against WebCrypto
// (test/browser-checks.js), on the main thread and in a module worker.
import {describeBrowserChecks} from "./browser-checks.js";
import {launchWpe, wpeMissing} from "../support/webkit.js";

describeBrowserChecks("WPE WebKit", {missing: () => wpeMissing("WPE WebKit tests"), launch: launchWpe, simd: false});
