// What the page can learn about the browser it runs in. Browsers do not
// expose the CPU model; the page asks the user for it.

// The smallest module with a v128 instruction: validates only where
// WebAssembly SIMD is supported.
const simdProbe = new Uint8Array([0, 97, 115, 109, 1, 0, 0, 0, 1, 5, 1, 96, 0, 1, 123, 3, 2, 1, 0, 10, 10, 1, 8, 0, 65, 0, 253, 15, 253, 98, 11]);

export const wasmSimdSupported = () => globalThis.WebAssembly?.validate(simdProbe) === true;

/**
 * The smallest step performance.now() takes, in ms, from many successive
 * readings: 0.005 in cross-origin isolated Chromium, 0.1 otherwise.
 */
export function timerStepMs(samples = 50) {
  let best = Infinity;
  for (let i = 0; i < samples; i++) {
    const t0 = performance.now();
    let t1 = t0;
    while (t1 === t0) t1 = performance.now();
    best = Math.min(best, t1 - t0);
  }
  // Readings are binary fractions: 0.004999999888 ms is a 5 µs step.
  return Math.round(best * 1e6) / 1e6;
}

// Most specific first: Edge and Opera also say "Chrome/", Chrome says "Safari/".
const browserPatterns = [
  ["edge", /Edg\/([\d.]+)/],
  ["opera", /OPR\/([\d.]+)/],
  ["firefox", /Firefox\/([\d.]+)/],
  ["chromium", /(?:HeadlessChrome|Chrome|Chromium)\/([\d.]+)/],
  ["safari", /Version\/([\d.]+).*Safari\//],
];

/** Client hints' architecture in Node's process.arch words, as results files use: [32-bit, 64-bit]. */
const nodeArchs = {x86: ["ia32", "x64"], arm: ["arm", "arm64"]};

// The operating system in Node's process.platform words, as results files use.
const platformPatterns = [
  ["android", /android/i],
  ["chromeos", /\bcros\b|chrome os/i],
  ["ios", /iphone|ipad|ios/i],
  ["darwin", /mac/i],
  ["win32", /win/i],
  ["linux", /linux/i],
];

const nodePlatform = (name) => platformPatterns.find(([, re]) => re.test(name))?.[0] ?? (name || "unknown");

/**
 * The browser's name and version, platform and architecture. Chromium's
 * user agent string carries only the major version ("156.0.0.0"); its client
 * hints give the full one.
 */
export async function describeBrowser() {
  const ua = navigator.userAgent;
  const [runtime, match] = browserPatterns.map(([name, re]) => [name, re.exec(ua)]).find(([, m]) => m) ?? ["browser"];
  const info = {runtime, runtimeVersion: match?.[1] ?? "unknown", platform: nodePlatform(navigator.platform), arch: "unknown", userAgent: ua};
  // Client hints may be missing or refused: the user agent string then stands.
  const v = (await navigator.userAgentData?.getHighEntropyValues(["architecture", "bitness", "fullVersionList"]).catch(() => null)) ?? {};
  const brand = v.fullVersionList?.find((b) => /Chromium|Chrome|Edge|Opera/.test(b.brand));
  if (brand && info.runtime === "chromium") info.runtimeVersion = brand.version;
  if (v.platform) info.platform = nodePlatform(v.platform);
  if (v.architecture) info.arch = nodeArchs[v.architecture]?.[v.bitness === "64" ? 1 : 0] ?? v.architecture;
  return info;
}
