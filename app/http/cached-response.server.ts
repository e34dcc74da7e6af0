import { createHash } from "node:crypto";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { PageCache, type CachedPage } from "./page-cache.server";

const DEFAULT_CACHE_MB = 64;

function cacheBytes(): number {
  const configured = Number(process.env.SITE_PAGE_CACHE_MB);
  return (Number.isFinite(configured) && configured >= 0 ? configured : DEFAULT_CACHE_MB) * 1024 * 1024;
}

export const pageCache = new PageCache(cacheBytes());

export function sha1(text: string): string {
  return createHash("sha1").update(text).digest("base64url");
}

type Encoding = "br" | "gzip" | "identity";

/** The best encoding the client accepts (q=0 refuses one). */
export function negotiateEncoding(acceptEncoding: string | null): Encoding {
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

function etagFor(page: CachedPage, encoding: Encoding): string {
  return encoding === "identity" ? `"${page.etag}"` : `"${page.etag}-${encoding}"`;
}

function matches(ifNoneMatch: string | null, page: CachedPage): boolean {
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
    etag: sha1(representation.body),
  };
}

/**
 * Answers from a stored representation: 304 when the client's validator
 * matches, otherwise the stored bytes in the best encoding it accepts. Nothing
 * is rendered or compressed here.
 */
export function respondFromStore(request: Request, page: CachedPage): Response {
  const encoding = negotiateEncoding(request.headers.get("accept-encoding"));
  const headers = new Headers(page.headers);
  headers.set("ETag", etagFor(page, encoding));
  if (matches(request.headers.get("if-none-match"), page)) {
    headers.delete("Content-Type");
    return new Response(null, { status: 304, headers });
  }
  const bytes = encoding === "br" ? page.br : encoding === "gzip" ? page.gzip : page.body;
  if (encoding !== "identity") headers.set("Content-Encoding", encoding);
  headers.set("Content-Length", String(bytes.length));
  return new Response(request.method === "HEAD" ? null : bytes, { status: page.status, headers });
}

/**
 * The cached representation under `key`, produced once on a miss. A null key
 * (errors, one-off answers) produces and answers without keeping anything.
 */
export async function cachedResponse(
  request: Request,
  key: string | null,
  produce: () => Promise<Representation>,
): Promise<Response> {
  const hit = key ? pageCache.get(key) : undefined;
  if (hit) return respondFromStore(request, hit);
  const page = storeRepresentation(await produce());
  if (key) pageCache.set(key, page);
  return respondFromStore(request, page);
}
