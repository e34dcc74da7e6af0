import type { IncomingMessage, ServerResponse } from "node:http";
import { join } from "node:path";
import { answerFrom, pageCache, requestKey } from "./cached-response.server";
import { precompressedAssets } from "./precompressed-assets.server";

/**
 * The page cache and the precompressed build assets, seen from the request
 * guard (server/request-guard.mjs), which runs before Express and Remix.
 * Through this one function, registered on a global symbol when the server
 * build loads, the guard answers a request whose answer is already stored,
 * without routing, loaders, rendering or compression: the cost of a page or a
 * script becomes that of a lookup. See docs/decisions/006-page-cache.md.
 */
export const FRONT_CACHE = Symbol.for("smriti.front-cache");

function header(request: IncomingMessage) {
  return (name: string) => {
    const value = request.headers[name];
    return Array.isArray(value) ? value.join(", ") : value;
  };
}

// Where remix-serve serves public/ from: relative to the working directory.
const answerAsset = precompressedAssets(join(process.cwd(), "public"));

/** A stored page for `request`, written out; false on a miss. */
function answerPage(request: IncomingMessage, response: ServerResponse): boolean {
  const read = header(request);
  const key = requestKey(request.method, request.url ?? "", read);
  const page = key ? pageCache.get(key) : undefined;
  if (!page) return false;
  const { status, headers, body } = answerFrom(page, request.method ?? "GET", read);
  for (const [name, value] of headers) response.setHeader(name, value);
  response.writeHead(status);
  response.end(body ?? undefined);
  return true;
}

/** Writes the stored answer for `request` and returns true, or returns false on a miss. */
function answer(request: IncomingMessage, response: ServerResponse): boolean {
  const started = performance.now();
  if (!answerAsset(request, response) && !answerPage(request, response)) return false;
  // The same line remix-serve's logger ("tiny" format) writes for requests it serves.
  process.stdout.write(
    `${request.method} ${request.url} ${response.statusCode} ${response.getHeader("content-length") ?? "-"} - ${(performance.now() - started).toFixed(3)} ms\n`,
  );
  return true;
}

/** Makes stored answers available to the request guard; in production only (content is fixed there). */
export function registerFrontCache(): void {
  if (process.env.NODE_ENV !== "production") return;
  (globalThis as Record<symbol, unknown>)[FRONT_CACHE] = { answer };
}
