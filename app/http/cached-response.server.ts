import { createHash } from "node:crypto";
import { isbot } from "isbot";
import { getSiteConfig, readPageCacheMegabytes } from "~/config.server";
import { getSiteContent } from "~/content/store.server";
import { pageAddress } from "~/lib/page-address";
import { VERSION_COOKIE, versionCookieKey } from "~/lib/version-cookie";
import { resultPageOf } from "~/search/result-pages";
import { cleanQuery } from "~/search/text";
import { encodedBody, formReady, uncompressedBody } from "./compression.server";
import { cookieValue } from "./cookies.server";
import { knownAddresses } from "./known-addresses.server";
import { PageCache, type Bytes, type CachedPage } from "./page-cache.server";
import { routeManifest, type AddressInputs } from "./route-manifest.server";
import { versionCookieFor } from "./version-cookie.server";

function cacheBytes(): number {
  // Development content changes under a running server: never answer from a stored page.
  if (process.env.NODE_ENV === "development") return 0;
  // A bad value stopped the start already (app/startup.server.ts); the default keeps a test import working.
  try {
    return readPageCacheMegabytes(process.env) * 1024 * 1024;
  } catch {
    return readPageCacheMegabytes({}) * 1024 * 1024;
  }
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

/** The address part of the key shared by every address that can only be the not-found page. */
export const NOT_FOUND_ADDRESS = "(not found)";

/**
 * The page an address names: its path (dot segments resolved, as Remix sees
 * it) and only the query parameters its routes declare, normalised
 * (app/lib/page-address.ts); NOT_FOUND_ADDRESS for an address no route but the
 * catch-all answers. The request guard, which sees the raw request line, and
 * the loaders, which see Remix's Request, reduce an address to the same form.
 * Null when it does not parse, when what its routes read is not known (see
 * RouteManifest.inputsAt), and for Remix's data requests (`_data`), whose
 * answers are never stored.
 */
function normalAddress(target: string): { address: string; inputs: AddressInputs } | null {
  try {
    const url = new URL(target, "http://key.invalid");
    if (url.searchParams.has("_data")) return null;
    const inputs = routeManifest.inputsAt(url.pathname);
    if (!inputs) return null;
    if (knownAddresses.isNotFound(url.pathname)) return { address: NOT_FOUND_ADDRESS, inputs };
    // The parameters pages read are a search, its scope and its page of results: reduced as the search reduces them.
    const address = pageAddress(url.pathname, url.search, inputs.query, (value, name) =>
      name === "q" ? cleanQuery(value).text : name === "page" ? pageKey(value) : knownScope(value),
    );
    return { address, inputs };
  } catch {
    return null;
  }
}

/** A page of results as the search reads it; the first page, which an address without one shows too, as none. */
function pageKey(value: string): string | null {
  const page = resultPageOf(value);
  return page > 1 ? String(page) : null;
}

/**
 * A search scope value the search acts on (a version id, or "all"), else null:
 * the search reads an unknown version as the current release, so it must not
 * make an address of its own (random values would each cost a render).
 */
function knownScope(value: string): string | null {
  if (value === "all") return value;
  return getSiteContent().versions.some((entry) => entry.version.id === value) ? value : null;
}

/**
 * Whether an answer may be kept under `key`: pages (200) and not-found pages
 * (404) only, never a passing failure such as a 503; and the shared
 * not-found key only ever holds a 404, so a wrong guess about an address costs
 * a render, never a wrong page.
 */
export function storable(key: string, status: number): boolean {
  if (status === 404) return true;
  return status === 200 && key.split("\n", 1)[0] !== NOT_FOUND_ADDRESS;
}

/**
 * What a GET or HEAD answer depends on besides the build: the page the
 * address names (not the URL as sent: see normalAddress), the host (and the proxy's forwarded scheme and host, which change
 * absolute URLs), the theme and announcement cookies as sent, HTML or
 * Markdown, and, when analytics is on, whether the visitor is a crawler (no
 * tracker for crawlers). Other headers do not change a page. Null for
 * anything but GET and HEAD.
 */
export function requestKey(method: string | undefined, target: string, header: HeaderReader): string | null {
  if (method !== "GET" && method !== "HEAD") return null;
  const named = normalAddress(target);
  if (named === null) return null;
  const cookies = header("cookie");
  // Every input the address's routes declare (app/route-inputs.ts), in the declared order; two headers are
  // reduced to what a page makes of them, so that each browser's own value does not make a page of its own.
  const headers = named.inputs.headers.map((name) => {
    if (name === "accept") return (header("accept") ?? "").includes("text/markdown") ? "markdown" : "";
    if (name === "user-agent") return getSiteConfig().analyticsId && isbot(header("user-agent") ?? "") ? "crawler" : "";
    return header(name) ?? "";
  });
  // The remembered version counts only when it looks like a version id, so made-up values make no pages of their own.
  const cookie = (name: string) =>
    name === VERSION_COOKIE ? versionCookieKey(cookieValue(cookies, name)) : (cookieValue(cookies, name) ?? "");
  return [named.address, ...headers, ...named.inputs.cookies.map(cookie)].join("\n");
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
  /** Text, or bytes when the body was made as bytes (a rendered page; app/seo/text-resource.server.ts). */
  body: string | Bytes;
  headers: Record<string, string>;
}

/**
 * Keeps a representation with a strong validator. Its compressed forms are
 * made when first asked for (app/http/compression.server.ts).
 */
export function storeRepresentation(representation: Representation): CachedPage {
  const { body } = representation;
  return storeBytes({ ...representation, body: typeof body === "string" ? new TextEncoder().encode(body) : body });
}

/** storeRepresentation for a body already in bytes (a results page filled into its frame). */
export function storeBytes(representation: Omit<Representation, "body"> & { body: Bytes }): CachedPage {
  return {
    status: representation.status,
    headers: Object.entries(representation.headers),
    body: representation.body,
    length: representation.body.length,
    encoded: {},
    uses: 0,
    // The hash of the bytes: the text's is the same, and hashing text would encode it a second time.
    etag: createHash("sha1").update(representation.body).digest("base64url"),
  };
}

/**
 * The answer to a request from a stored representation: 304 when the
 * client's validator matches, otherwise the stored bytes in the best encoding
 * it accepts (no body for HEAD). Nothing is rendered here; a compressed form
 * is made the first time it is asked for. `key` names the page's cache entry,
 * whose size is counted again when a compressed form is added. `target` is
 * the address as requested: a page of a docs version remembers that version
 * in this reader's cookie (app/http/version-cookie.server.ts).
 */
export function answerFrom(
  page: CachedPage,
  method: string,
  header: HeaderReader,
  key: string | null = null,
  target = "",
): { status: number; headers: [string, string][]; body: Bytes | null } {
  page.uses += 1;
  const encoding = negotiateEncoding(header("accept-encoding"));
  const notModified = matches(header("if-none-match"), page);
  const contentType = page.headers.find(([name]) => name.toLowerCase() === "content-type")?.[1];
  // A 304 has no body, so it names no content type.
  // Copies: the stored page's own header pairs are never changed.
  const headers = page.headers
    .filter(([name]) => !(notModified && name.toLowerCase() === "content-type"))
    .map(([name, value]): [string, string] => [name, value]);
  headers.push(["ETag", etagFor(page, encoding)]);
  const remember = versionCookieFor(target, { status: notModified ? 304 : page.status, contentType }, header);
  if (remember) {
    headers.push(["Set-Cookie", remember]);
    // This answer is this reader's: no shared cache may keep its cookie for another.
    for (const entry of headers)
      if (entry[0].toLowerCase() === "cache-control") entry[1] = entry[1].replace(/^public\b/, "private");
  }
  if (notModified) return { status: 304, headers, body: null };
  const changed = () => key && pageCache.resize(key, page);
  const bytes = encoding === "identity" ? uncompressedBody(page, changed) : encodedBody(page, encoding, changed);
  if (encoding !== "identity") headers.push(["Content-Encoding", encoding]);
  headers.push(["Content-Length", String(bytes.length)]);
  return { status: page.status, headers, body: method === "HEAD" ? null : bytes };
}

export function respondFromStore(request: Request, page: CachedPage, key: string | null = null): Response {
  const { status, headers, body } = answerFrom(
    page,
    request.method,
    (name) => request.headers.get(name),
    key,
    request.url,
  );
  return new Response(body, { status, headers });
}

/**
 * respondFromStore once the form its answer needs is made: for a large body,
 * off the event loop (formReady in compression.server.ts), so that a
 * multi-megabyte file holds no other reader up.
 */
async function respondWhenReady(request: Request, page: CachedPage, key: string | null): Promise<Response> {
  const encoding = negotiateEncoding(request.headers.get("accept-encoding"));
  await formReady(page, encoding, () => key && pageCache.resize(key, page));
  return respondFromStore(request, page, key);
}

/** Answers being produced, by key: requests for the same page that arrive meanwhile wait for that one. */
const inProduction = new Map<string, Promise<CachedPage>>();

/**
 * The stored answer to this request, produced once on a miss. It is kept
 * under the request's key (see requestKey), so the request guard can answer
 * the next identical request before Remix runs (app/http/front-cache.server.ts).
 * Requests with the same key that arrive while it is being produced share
 * that one render instead of queueing renders of their own.
 * With `store: false` (errors, form answers) nothing is kept or shared;
 * `results: true` marks an answer to a search, kept within the results
 * pages' share of the cache (app/http/page-cache.server.ts).
 */
export async function cachedResponse(
  request: Request,
  produce: () => Promise<Representation>,
  { store = true, results = false } = {},
): Promise<Response> {
  const key = store ? requestKey(request.method, request.url, (name) => request.headers.get(name)) : null;
  if (!key) return respondWhenReady(request, storeRepresentation(await produce()), null);
  const hit = pageCache.get(key);
  if (hit) return respondWhenReady(request, hit, key);
  // Looked up and registered with no await in between, so no two requests can both start a render.
  const pending = inProduction.get(key);
  if (pending) return respondWhenReady(request, await pending, key);
  const producing = produce().then(storeRepresentation);
  inProduction.set(key, producing);
  let page: CachedPage;
  try {
    page = await producing;
  } finally {
    inProduction.delete(key);
  }
  if (!storable(key, page.status)) return respondWhenReady(request, page, null);
  pageCache.set(key, page, { results });
  return respondWhenReady(request, page, key);
}
