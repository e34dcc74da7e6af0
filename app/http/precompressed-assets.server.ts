import { readdirSync, readFileSync, statSync } from "node:fs";
import type { IncomingMessage, ServerResponse } from "node:http";
import { sep } from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { negotiateEncoding } from "./cached-response.server";
import { logOnce } from "./log-once.server";

/**
 * Fingerprinted build assets (/build/…) answered from the brotli and gzip
 * copies that `npm run build` writes beside them
 * (scripts/precompress-assets.ts): scripts and styles are compressed once, at
 * the highest levels, instead of on every request by remix-serve's
 * compression middleware. Anything this cannot answer (no compression asked
 * for, a file without copies, any other path) goes on to remix-serve.
 */
export const PRECOMPRESSED_TYPES: Record<string, string> = {
  ".js": "application/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".svg": "image/svg+xml",
};

const PREFIX = "/build/";
const SUFFIX = { br: ".br", gzip: ".gz" } as const;

/**
 * Which copies exist, and their bytes once read (null: present, not read yet;
 * false: unusable, left to remix-serve).
 */
type Copies = { br?: Buffer | null | false; gzip?: Buffer | null | false };

function listCopies(buildDir: string): Map<string, Copies> {
  const found = new Map<string, Copies>();
  let names: string[] = [];
  try {
    names = readdirSync(buildDir, { recursive: true }).map(String);
  } catch {
    // No build folder: nothing to answer from.
  }
  for (const name of names) {
    const match = /^(.*)\.(br|gz)$/.exec(name.split(sep).join("/"));
    if (!match) continue;
    const path = `${PREFIX}${match[1]}`;
    const copies = found.get(path) ?? {};
    copies[match[2] === "br" ? "br" : "gzip"] = null;
    found.set(path, copies);
  }
  return found;
}

/**
 * Reads a copy and checks it whole: it must decompress, and to the size of
 * the file beside it when that file is there. A copy cut short by a deploy in
 * progress, or a stale one, must never be sent as a year-long immutable answer.
 */
function readCopy(file: string, original: string, encoding: "br" | "gzip"): Buffer {
  const bytes = readFileSync(file);
  const decoded = encoding === "br" ? brotliDecompressSync(bytes) : gunzipSync(bytes);
  const expected = statSync(original, { throwIfNoEntry: false })?.size;
  if (expected !== undefined && expected !== decoded.length) {
    throw new Error(`decompresses to ${decoded.length} bytes, but ${original} has ${expected}`);
  }
  return bytes;
}

/**
 * A request handler over `publicDir` (the folder holding build/) that returns
 * true when it answered. The copies are listed at the first request and each
 * is read once, checked and kept (about 300 KB for the whole site); only
 * listed names match, so no file path is ever built from the request. A copy
 * that cannot be used is logged once and left to remix-serve from then on.
 */
export function precompressedAssets(publicDir: string) {
  let copies: Map<string, Copies> | null = null;
  return function answer(request: IncomingMessage, response: ServerResponse): boolean {
    const path = request.url ?? "";
    if ((request.method !== "GET" && request.method !== "HEAD") || !path.startsWith(PREFIX)) return false;
    copies ??= listCopies(`${publicDir}/build`);
    const entry = copies.get(path);
    const type = PRECOMPRESSED_TYPES[path.slice(path.lastIndexOf("."))];
    if (!entry || !type) return false;
    const encoding = negotiateEncoding(request.headers["accept-encoding"]);
    if (encoding === "identity" || entry[encoding] === undefined || entry[encoding] === false) return false;
    const file = `${publicDir}${path}${SUFFIX[encoding]}`;
    if (entry[encoding] === null) {
      try {
        entry[encoding] = readCopy(file, `${publicDir}${path}`, encoding);
      } catch (error) {
        // Missing (a deploy replaced the folder), cut short or unreadable: remix-serve answers from the file itself, or 404s.
        entry[encoding] = false;
        logOnce(file, "a precompressed copy cannot be used; the request goes on to remix-serve", error);
        return false;
      }
    }
    const bytes = entry[encoding];
    response.setHeader("Content-Type", type);
    response.setHeader("Content-Encoding", encoding);
    response.setHeader("Content-Length", bytes.length);
    response.setHeader("Cache-Control", "public, max-age=31536000, immutable");
    response.setHeader("Vary", "Accept-Encoding");
    response.setHeader("X-Content-Type-Options", "nosniff");
    response.writeHead(200);
    response.end(request.method === "HEAD" ? undefined : bytes);
    return true;
  };
}
