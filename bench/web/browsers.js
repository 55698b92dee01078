// The browsers the headless runs drive (run-headless.js, startup.js,
// lab/bundled.js), by the name a results file gives each; a driver is loaded
// only when its browser is launched.
export const browsers = {
  chromium: async () => (await import("sha256-simd-support/chromium.js")).launchChromium(),
  firefox: async () => (await import("sha256-simd-support/firefox.js")).launchFirefox(),
  webkitgtk: async () => (await import("sha256-simd-support/webkit.js")).launchWebKitGtk(),
};
