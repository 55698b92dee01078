// A minimal client of classic (W3C, HTTP) WebDriver, for the browsers that
// playwright and puppeteer cannot drive: WebKitGTK (WebKitWebDriver) and WPE
// WebKit (WPEWebDriver). It starts the driver, opens one session, and returns
// a browser with the shape the tests use from playwright and puppeteer:
// newPage() and close(), and pages with goto(url) and evaluate(fn, arg).
import {spawn} from "node:child_process";
import {freePort} from "./serve.js";

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Starts a WebDriver server and opens a session.
 * @param {object} options
 * @param {string} options.driver  the driver's executable, e.g. "WebKitWebDriver"
 * @param {object} options.capabilities  alwaysMatch capabilities (the browser's binary and arguments)
 * @param {number} [options.scriptTimeoutMs]  how long one evaluate may run
 */
export async function launchWebDriver({driver, capabilities, scriptTimeoutMs = 120_000}) {
  const port = await freePort();
  const proc = spawn(driver, [`--port=${port}`], {stdio: ["ignore", "ignore", "pipe"]});
  let stderr = "";
  proc.stderr.on("data", (d) => (stderr += d));
  const exited = new Promise((resolve) => proc.once("exit", resolve));
  const base = `http://127.0.0.1:${port}`;

  async function request(method, path, body) {
    const res = await fetch(base + path, {
      method,
      headers: body === undefined ? {} : {"content-type": "application/json"},
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const {value} = await res.json();
    if (!res.ok) throw new Error(`${driver} ${method} ${path}: ${value?.error}: ${value?.message}`);
    return value;
  }

  try {
    // The driver answers /status once it listens.
    for (let deadline = Date.now() + 10_000; ; await sleep(50)) {
      if (proc.exitCode !== null) throw new Error(`${driver} exited with ${proc.exitCode}: ${stderr.trim()}`);
      try {
        await request("GET", "/status");
        break;
      } catch (err) {
        if (Date.now() > deadline) throw new Error(`${driver} did not start listening: ${err.message}`);
      }
    }
    const {sessionId, capabilities: granted} = await request("POST", "/session", {
      capabilities: {alwaysMatch: {...capabilities, timeouts: {script: scriptTimeoutMs, pageLoad: 60_000}}},
    });
    const session = (method, path, body) => request(method, `/session/${sessionId}${path}`, body);
    return {
      /** The browser's version, as the driver reports it. */
      version: async () => String(granted?.browserVersion ?? "unknown"),
      /** The session's only window: WebDriver opens one with the session. */
      async newPage() {
        return {
          goto: (url) => session("POST", "/url", {url}),
          /** Moves evaluate into the page's frame `id` (0: the first), as WebDriver's "switch to frame". */
          frame: (id) => session("POST", "/frame", {id}),
          /**
           * Calls fn(arg) in the page and resolves with its (awaited) result,
           * as playwright's and puppeteer's evaluate do. fn travels as source,
           * so it cannot close over anything; arg and the result go as JSON.
           */
          async evaluate(fn, arg) {
            const script = `const done = arguments[1];
Promise.resolve().then(() => (${fn})(arguments[0])).then(
  (value) => done({value}),
  (err) => done({error: String(err) + (err && err.stack ? "\\n" + err.stack : "")}));`;
            const out = await session("POST", "/execute/async", {script, args: [arg ?? null]});
            if (out && "error" in out) throw new Error(`in the page: ${out.error}`);
            return out?.value;
          },
        };
      },
      async close() {
        await session("DELETE", "").catch(() => {});
        proc.kill();
        await exited;
      },
    };
  } catch (err) {
    proc.kill();
    await exited;
    throw err;
  }
}
