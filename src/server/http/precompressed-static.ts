import { createReadStream } from "node:fs";
import { stat } from "node:fs/promises";
import type { IncomingMessage, ServerResponse } from "node:http";
import path from "node:path";
import { negotiateEncoding } from "./compression";

/**
 * Next's build output (`/_next/static/…`: scripts, stylesheets) served from
 * files compressed once at build time (scripts/precompress-static.ts: brotli
 * at quality 11, gzip at level 9) instead of on the fly per request.
 *
 * Why: these files never change under their hashed names, yet the on-the-fly
 * compressor has to be quick (brotli quality 3, chosen for pages), and on a
 * 228 KB script quality 3 gives 72.8 KB against 61.0 KB at quality 11: about
 * 15 % of every page's JavaScript on a phone's first visit (issue 21). A
 * file without a compressed twin, or a browser that takes neither encoding,
 * goes on to Next as before, so a build made with a bare `next build` still
 * works.
 */

const PREFIX = "/_next/static/";
const TYPES: Record<string, string> = {
  ".js": "application/javascript; charset=UTF-8",
  ".css": "text/css; charset=UTF-8",
  ".json": "application/json; charset=UTF-8",
  ".svg": "image/svg+xml",
  ".txt": "text/plain; charset=UTF-8",
};
/** The extensions scripts/precompress-static.ts compresses; the only ones looked up here. */
export const PRECOMPRESSED_EXTENSIONS = Object.keys(TYPES);

interface Variant {
  file: string;
  size: number;
}
interface Entry {
  type: string;
  etag: string;
  br?: Variant;
  gzip?: Variant;
}

type Handler = (req: IncomingMessage, res: ServerResponse) => unknown;

async function variant(file: string): Promise<Variant | undefined> {
  try {
    const s = await stat(file);
    return s.isFile() ? { file, size: s.size } : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Wrap the app's handler: a request for a build file with a compressed twin
 * the browser accepts is answered from that twin.
 * @param staticDir the build's static folder (`.next/static`)
 */
export function withPrecompressedStatic(staticDir: string, handler: Handler): Handler {
  const root = path.resolve(staticDir);
  // The build's files never change while the server runs: each is looked up once (a few hundred at most).
  const entries = new Map<string, Promise<Entry | null>>();

  const lookup = (relative: string): Promise<Entry | null> => {
    let entry = entries.get(relative);
    if (!entry) {
      entry = (async () => {
        const file = path.join(root, relative);
        const original = await variant(file);
        if (!original) return null;
        const [br, gzip] = await Promise.all([variant(`${file}.br`), variant(`${file}.gz`)]);
        if (!br && !gzip) return null;
        const s = await stat(file);
        return { type: TYPES[path.extname(file)]!, etag: `W/"${original.size.toString(16)}-${Math.floor(s.mtimeMs).toString(16)}"`, br, gzip };
      })();
      entries.set(relative, entry);
    }
    return entry;
  };

  return (req, res) => {
    const relative = staticPath(req);
    if (!relative) return handler(req, res);
    return lookup(relative).then(
      (entry) => {
        const encoding = entry ? negotiateEncoding(req) : "identity";
        const chosen = entry && encoding !== "identity" ? entry[encoding] : undefined;
        if (!entry || !chosen) return handler(req, res);
        res.setHeader("content-type", entry.type);
        res.setHeader("cache-control", "public, max-age=31536000, immutable");
        res.setHeader("vary", "Accept-Encoding");
        res.setHeader("etag", entry.etag);
        if (matchesEtag(req.headers["if-none-match"], entry.etag)) {
          res.statusCode = 304;
          res.end();
          return;
        }
        res.setHeader("content-encoding", encoding);
        res.setHeader("content-length", chosen.size);
        res.statusCode = 200;
        if (req.method === "HEAD") {
          res.end();
          return;
        }
        const stream = createReadStream(chosen.file);
        stream.on("error", (error) => res.destroy(error));
        stream.pipe(res);
      },
      () => handler(req, res),
    );
  };
}

/**
 * The file a GET or HEAD asks for under /_next/static/, relative to the
 * static folder, or undefined for anything else (including any path that is
 * not plainly inside the folder: those go on to Next, which answers 404).
 */
export function staticPath(req: IncomingMessage): string | undefined {
  if (req.method !== "GET" && req.method !== "HEAD") return undefined;
  const url = req.url ?? "";
  if (!url.startsWith(PREFIX)) return undefined;
  const rawPath = url.slice(PREFIX.length).split("?")[0]!;
  // Build names are plain: letters, digits, - _ . and folders. No escapes, no dot segments.
  if (!/^[A-Za-z0-9_\-.~]+(?:\/[A-Za-z0-9_\-.~]+)*$/.test(rawPath)) return undefined;
  if (rawPath.split("/").some((part) => part === "." || part === "..")) return undefined;
  if (!PRECOMPRESSED_EXTENSIONS.includes(path.extname(rawPath))) return undefined;
  return rawPath;
}

function matchesEtag(header: string | string[] | undefined, etag: string): boolean {
  if (!header) return false;
  const weak = (t: string) => t.trim().replace(/^W\//, "");
  return String(header)
    .split(",")
    .some((t) => t.trim() === "*" || weak(t) === weak(etag));
}
