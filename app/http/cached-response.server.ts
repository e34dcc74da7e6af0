import { createHash } from "node:crypto";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { isbot } from "isbot";
import { getSiteConfig } from "~/config.server";
import { PageCache, type Bytes, type CachedPage } from "./page-cache.server";

const DEFAULT_CACHE_MB = 64;

function cacheBytes(): number {
  // Development content changes under a running server: never answer from a stored page.
  if (process.env.NODE_ENV === "development") return 0;
  const configured = Number(process.env.SITE_PAGE_CACHE_MB);
  return (Number.isFinite(configured) && configured >= 0 ? configured : DEFAULT_CACHE_MB) * 1024 * 1024;
}

/** Everything answered from memory: pages and text resources, each with its compressed forms. */
export const pageCache = new PageCache(cacheBytes());

type Encoding = "br" | "gzip" | "identity";

/** The best encoding the client accepts (q=0 refuses one). */
export function negotiateEncoding(acceptEncoding: string | null | undefined): Encoding {
  const accepted = new Map<string, number>();
  for (const part of (acceptEncoding ?? "").split(",")) {
    const [rawName, ...params] = part.toLowerCase().split(";");
    const name = rawName?.trim();
    if (!name) continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    accepted.set(name, q ? Number(q.slice(2)) || 0 : 1);
  }
  const quality = (name: string) => accepted.get(name) ?? (accepted.has("*") ? accepted.get("*")! : 0);
  if (quality("br") > 0) return "br";
  if (quality("gzip") > 0) return "gzip";
  return "identity";
}

/** A request header by lower-case name, from a Web Request or a Node IncomingMessage alike. */
export type HeaderReader = (name: string) => string | null | undefined;

function cookieValue(cookieHeader: string | null | undefined, name: string): string {
  for (const part of (cookieHeader ?? "").split(";")) {
    const [key, ...value] = part.split("=");
    if (key?.trim() === name) return value.join("=").trim();
  }
  return "";
}

/**
 * Path and query as Remix sees them: the URL parser resolves dot segments and
 * Remix re-serialises the query ("%20" becomes "+"), so the request guard,
 * which sees the raw request line, and the loaders, which see Remix's Request,
 * must reduce the address to the same form to share a key. Null when it does
 * not parse.
 */
function normalAddress(target: string): string | null {
  try {
    const url = new URL(target, "http://key.invalid");
    const query = new URLSearchParams(url.search).toString();
    return query ? `${url.pathname}?${query}` : url.pathname;
  } catch {
    return null;
  }
}

/**
 * What a GET or HEAD answer depends on besides the build: the address as
 * sent, the host (and the proxy's forwarded scheme and host, which change
 * absolute URLs), the theme and announcement cookies as sent, HTML or
 * Markdown, and, when analytics is on, whether the visitor is a crawler (no
 * tracker for crawlers). Other headers do not change a page. Null for
 * anything but GET and HEAD.
 */
export function requestKey(method: string | undefined, target: string, header: HeaderReader): string | null {
  if (method !== "GET" && method !== "HEAD") return null;
  const address = normalAddress(target);
  if (address === null) return null;
  const cookies = header("cookie");
  return [
    address,
    header("host") ?? "",
    header("x-forwarded-host") ?? "",
    header("x-forwarded-proto") ?? "",
    cookieValue(cookies, "theme"),
    cookieValue(cookies, "announcement-dismissed"),
    (header("accept") ?? "").includes("text/markdown") ? "markdown" : "",
    getSiteConfig().analyticsId && isbot(header("user-agent") ?? "") ? "crawler" : "",
  ].join("\n");
}

function etagFor(page: CachedPage, encoding: Encoding): string {
  return encoding === "identity" ? `"${page.etag}"` : `"${page.etag}-${encoding}"`;
}

function matches(ifNoneMatch: string | null | undefined, page: CachedPage): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === "*") return true;
  return ifNoneMatch.split(",").some((tag) => {
    const value = tag.trim().replace(/^W\//, "").replace(/^"|"$/g, "");
    return value === page.etag || value === `${page.etag}-gzip` || value === `${page.etag}-br`;
  });
}

export interface Representation {
  status: number;
  body: string;
  headers: Record<string, string>;
}

/** Keeps a representation with its gzip and brotli forms and a strong validator. */
export function storeRepresentation(representation: Representation): CachedPage {
  const body = new TextEncoder().encode(representation.body);
  return {
    status: representation.status,
    headers: Object.entries(representation.headers),
    body,
    // Copied once into plain Uint8Arrays here, so answering never copies.
    gzip: new Uint8Array(gzipSync(body, { level: 9 })),
    br: new Uint8Array(
      brotliCompressSync(body, {
        params: { [constants.BROTLI_PARAM_QUALITY]: 9, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
      }),
    ),
    etag: createHash("sha1").update(representation.body).digest("base64url"),
  };
}

/**
 * The answer to a request from a stored representation: 304 when the
 * client's validator matches, otherwise the stored bytes in the best encoding
 * it accepts (no body for HEAD). Nothing is rendered or compressed here.
 */
export function answerFrom(page: CachedPage, method: string, header: HeaderReader): { status: number; headers: [string, string][]; body: Bytes | null } {
  const encoding = negotiateEncoding(header("accept-encoding"));
  const notModified = matches(header("if-none-match"), page);
  // A 304 has no body, so it names no content type.
  const headers = page.headers.filter(([name]) => !(notModified && name.toLowerCase() === "content-type"));
  headers.push(["ETag", etagFor(page, encoding)]);
  if (notModified) return { status: 304, headers, body: null };
  const bytes = encoding === "br" ? page.br : encoding === "gzip" ? page.gzip : page.body;
  if (encoding !== "identity") headers.push(["Content-Encoding", encoding]);
  headers.push(["Content-Length", String(bytes.length)]);
  return { status: page.status, headers, body: method === "HEAD" ? null : bytes };
}

export function respondFromStore(request: Request, page: CachedPage): Response {
  const { status, headers, body } = answerFrom(page, request.method, (name) => request.headers.get(name));
  return new Response(body, { status, headers });
}

/**
 * The stored answer to this request, produced once on a miss. It is kept
 * under the request's key (see requestKey), so the request guard can answer
 * the next identical request before Remix runs (app/http/front-cache.server.ts).
 * With `store: false` (errors, form answers) nothing is kept.
 */
export async function cachedResponse(request: Request, produce: () => Promise<Representation>, { store = true } = {}): Promise<Response> {
  const key = store ? requestKey(request.method, request.url, (name) => request.headers.get(name)) : null;
  const hit = key ? pageCache.get(key) : undefined;
  if (hit) return respondFromStore(request, hit);
  const page = storeRepresentation(await produce());
  if (key) pageCache.set(key, page);
  return respondFromStore(request, page);
}
