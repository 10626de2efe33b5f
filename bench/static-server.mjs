// A small static server for measurements: serves a Docusaurus build under its
// base path on 127.0.0.1 with gzip, as a production host would. Used by the
// Lighthouse benchmark; run alone with `node bench/static-server.mjs [dir] [port]`.
import { createReadStream, existsSync, statSync } from "node:fs";
import { createServer } from "node:http";
import { extname, join, normalize, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { createGzip } from "node:zlib";

const types = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json",
  ".svg": "image/svg+xml",
  ".xml": "application/xml",
  ".png": "image/png",
  ".ico": "image/x-icon",
  ".txt": "text/plain; charset=utf-8",
  ".woff2": "font/woff2",
};
const compressible = new Set([".html", ".js", ".css", ".json", ".svg", ".xml", ".txt"]);

/** Maps a URL path below `base` to a file of the build, the way the site's links expect. */
function resolveFile(root, base, urlPath) {
  if (!urlPath.startsWith(base.replace(/\/$/, ""))) return null;
  const rest = decodeURIComponent(urlPath.slice(base.length - 1)).replace(/^\/+/, "");
  const target = normalize(join(root, rest));
  if (!target.startsWith(root)) return null;
  for (const candidate of [target, `${target}.html`, join(target, "index.html")]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return null;
}

/**
 * Starts the server and resolves with its URL once it listens.
 * @param {{ dir?: string; base?: string; port?: number }} options
 */
export function startStaticServer({ dir = "build", base = "/fdm/", port = 0 } = {}) {
  const root = resolve(dir);
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    let file = resolveFile(root, base, url.pathname);
    let status = 200;
    if (!file) {
      file = join(root, "404.html");
      status = 404;
    }
    const ext = extname(file);
    const headers = { "content-type": types[ext] ?? "application/octet-stream" };
    // Hashed assets never change; pages are revalidated.
    headers["cache-control"] = /\.[0-9a-f]{8}\./.test(file)
      ? "public, max-age=31536000, immutable"
      : "no-cache";
    const gzip = compressible.has(ext) && /\bgzip\b/.test(req.headers["accept-encoding"] ?? "");
    if (gzip) headers["content-encoding"] = "gzip";
    res.writeHead(status, headers);
    const stream = createReadStream(file);
    (gzip ? stream.pipe(createGzip({ level: 9 })) : stream).pipe(res);
  });
  return new Promise((resolve) => {
    server.listen(port, "127.0.0.1", () => {
      const address = server.address();
      resolve({ server, url: `http://127.0.0.1:${address.port}${base}` });
    });
  });
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const { url } = await startStaticServer({
    dir: process.argv[2],
    port: Number(process.argv[3] ?? 3000),
  });
  console.log(`serving ${process.argv[2] ?? "build"} at ${url}`);
}
