// Launches the two WebKit browsers Debian packages, through their WebDriver
// servers (test/support/webdriver.js):
// - WebKitGTK's MiniBrowser (Debian webkit2gtk-driver): JavaScriptCore as in
//   Safari, with wasm SIMD. It has no headless mode, so it needs an X display
//   (run under `xvfb-run -a`); without one the new-session request hangs, so
//   webkitGtkMissing checks for a reachable display first.
// - WPE WebKit 2.38's cog (Debian cog and wpewebkit-driver), headless. It has
//   no wasm SIMD: the one real browser here that takes the scalar fallback.
import {existsSync} from "node:fs";
import {connect} from "node:net";
import {browserMissing} from "./chromium.js";
import {launchWebDriver} from "./webdriver.js";

export const miniBrowserPath =
  process.env.MINIBROWSER_PATH || "/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser";
const webKitDriverPath = "/usr/bin/WebKitWebDriver";
const wpeDriverPath = "/usr/bin/WPEWebDriver";
const cogPath = "/usr/bin/cog";

/** Resolves when the X display named by $DISPLAY accepts a connection; rejects saying why not. */
function checkDisplay(display = process.env.DISPLAY) {
  const m = /^([^:]*):(\d+)(\.\d+)?$/.exec(display ?? "");
  if (!m) return Promise.reject(new Error(display ? `DISPLAY=${display} is not a display name` : "DISPLAY is not set"));
  const [, host, number] = m;
  const where = host && host !== "unix" ? {host, port: 6000 + Number(number)} : {path: `/tmp/.X11-unix/X${number}`};
  return new Promise((resolve, reject) => {
    const socket = connect(where);
    socket.setTimeout(2000, () => socket.destroy(new Error("timed out")));
    socket.once("connect", () => {
      socket.destroy();
      resolve();
    });
    socket.once("error", (err) => reject(new Error(`the X display ${display} is not reachable (${err.message})`)));
  });
}

/** As chromiumMissing, for WebKitGTK; it also needs a reachable X display. */
export async function webKitGtkMissing(what) {
  const missing =
    browserMissing("WebKitWebDriver", webKitDriverPath, what) ?? browserMissing("MiniBrowser", miniBrowserPath, what);
  if (missing) return missing;
  try {
    await checkDisplay();
    return null;
  } catch (err) {
    const why = `${err.message}, and WebKitGTK's MiniBrowser has no headless mode (run under xvfb-run -a)`;
    if (process.env.REQUIRE_BROWSER === "1") throw new Error(`${why}; REQUIRE_BROWSER=1`);
    return `${why}: ${what} skipped (REQUIRE_BROWSER=1 makes this a failure)`;
  }
}

export function launchWebKitGtk() {
  return launchWebDriver({
    driver: webKitDriverPath,
    capabilities: {"webkitgtk:browserOptions": {binary: miniBrowserPath, args: ["--automation"]}},
  });
}

/** As chromiumMissing, for WPE WebKit. */
export function wpeMissing(what) {
  return browserMissing("WPEWebDriver", wpeDriverPath, what) ?? browserMissing("cog", cogPath, what);
}

export function launchWpe() {
  return launchWebDriver({
    driver: wpeDriverPath,
    capabilities: {"wpe:browserOptions": {binary: cogPath, args: ["--automation", "--platform=headless"]}},
  });
}
