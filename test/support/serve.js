// A static file server for the browser tests and the benchmark page. The
// COOP/COEP headers make a page cross-origin isolated, which makes
// performance.now() step by 5 µs instead of 100 µs in Chromium (20 µs instead
// of 1 ms in Firefox); worker scripts get them too, since under COEP a worker
// script without them is refused.
import {createReadStream} from "node:fs";
import {stat} from "node:fs/promises";
import {createServer} from "node:http";
import {createServer as createTcpServer} from "node:net";
import {extname, join, normalize, resolve, sep} from "node:path";

const contentTypes = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".map": "application/json; charset=utf-8",
  ".png": "image/png",
  ".svg": "image/svg+xml",
  ".wasm": "application/wasm",
};

export const isolationHeaders = {
  "Cross-Origin-Opener-Policy": "same-origin",
  "Cross-Origin-Embedder-Policy": "require-corp",
  "Cross-Origin-Resource-Policy": "same-origin",
};

/** Resolves a URL path to a file under root, or null if it would leave root. */
function fileFor(root, urlPath) {
  let path;
  try {
    path = decodeURIComponent(urlPath.split("?")[0]);
  } catch {
    return null;
  }
  if (path.endsWith("/")) path += "index.html";
  const file = normalize(join(root, path));
  return file === root || file.startsWith(root + sep) ? file : null;
}

/**
 * Serves the files under dir on host:port (port 0: any free port), with the
 * isolation headers unless `isolate` is false, and `headers` on every
 * response. Resolves to {server, url, close()}.
 */
export function startServer({dir, host = "127.0.0.1", port = 0, isolate = true, headers = {}} = {}) {
  const root = resolve(dir);
  const extraHeaders = {...(isolate ? isolationHeaders : {}), ...headers};
  const server = createServer(async (req, res) => {
    const send = (status, text) => {
      res.writeHead(status, {"Content-Type": "text/plain; charset=utf-8", ...extraHeaders});
      res.end(text);
    };
    if (req.method !== "GET" && req.method !== "HEAD") return send(405, "method not allowed\n");
    const file = fileFor(root, req.url);
    if (!file) return send(403, "forbidden\n");
    const info = await stat(file).catch(() => null);
    if (!info?.isFile()) return send(404, "not found\n");
    res.writeHead(200, {
      "Content-Type": contentTypes[extname(file)] ?? "application/octet-stream",
      "Content-Length": info.size,
      "Cache-Control": "no-store",
      ...extraHeaders,
    });
    if (req.method === "HEAD") return res.end();
    createReadStream(file).pipe(res);
  });
  return new Promise((resolveStart, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => {
      const url = `http://${host}:${server.address().port}/`;
      const close = () => new Promise((done) => {
        server.closeAllConnections();
        server.close(() => done());
      });
      resolveStart({server, url, close});
    });
  });
}

/** A TCP port on 127.0.0.1 free at the time of the call, for a server the tests start (a WebDriver, workerd). */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createTcpServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const {port} = server.address();
      server.close(() => resolve(port));
    });
  });
}
