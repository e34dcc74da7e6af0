import { getSiteConfig } from "~/config.server";
import { apiMarkdown } from "~/api-reference/page-data.server";
import { findPageIfBuilt } from "~/content/store.server";
import { cachedResponse } from "./cached-response.server";
import { isHttps } from "./origin.server";
import { guardRejection } from "./rejection.server";
import { busyAnswer, renderQueue } from "./render-queue.server";
import type { Bytes } from "./page-cache.server";
import { contentSecurityPolicy, securityHeaders } from "./security-headers.server";

/** Pages may be kept by browsers and proxies briefly, and served stale while they revalidate. */
const PAGE_CACHE_CONTROL = "public, max-age=60, stale-while-revalidate=600";
const CACHEABLE_STATUS = new Set([200, 404]);

/** The content page a request asks for as Markdown: "<page>.md", or Accept: text/markdown. */
function markdownPage(request: Request) {
  const { pathname } = new URL(request.url);
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
  const page = path.endsWith(".md")
    ? path.slice(0, -3)
    : (request.headers.get("accept") ?? "").includes("text/markdown")
      ? path
      : undefined;
  if (page === undefined) return undefined;
  // The API reference's pages have one too (app/api-reference/build/markdown-twin.ts).
  return findPageIfBuilt(page) ?? (page === "/api" || page.startsWith("/api/") ? apiMarkdown(page) : undefined);
}

export interface DocumentArgs {
  request: Request;
  statusCode: number;
  /** Headers Remix collected from the routes' `headers` exports. */
  routeHeaders: Headers;
  /** The whole page, as bytes: it is stored and sent as bytes. */
  render: () => Promise<Bytes>;
}

/**
 * Answers a document request: the Markdown form of a content page when asked
 * for, otherwise the HTML page. A page is rendered and compressed once per
 * request key (address, theme and announcement cookies, host: see
 * requestKey); later requests, and If-None-Match revalidations, are answered
 * from the stored bytes, mostly by the request guard before Remix runs.
 */
export async function respondWithDocument({
  request,
  statusCode,
  routeHeaders,
  render,
}: DocumentArgs): Promise<Response> {
  const config = getSiteConfig();
  const https = isHttps(request, config);
  const url = new URL(request.url);

  const markdown = markdownPage(request);
  if (markdown) {
    return cachedResponse(request, async () => ({
      status: 200,
      body: markdown.markdown,
      headers: {
        "Content-Type": "text/markdown; charset=utf-8",
        "Cache-Control": PAGE_CACHE_CONTROL,
        Vary: "Accept, Accept-Encoding",
        "X-Content-Type-Options": "nosniff",
      },
    }));
  }

  // Only plain reads are kept: never an answer to a form post, never one that sets a cookie.
  const cacheable =
    (request.method === "GET" || request.method === "HEAD") &&
    CACHEABLE_STATUS.has(statusCode) &&
    !routeHeaders.has("set-cookie");
  return cachedResponse(
    request,
    async () => {
      const page = await renderQueue.run(render);
      if (page === null) return busyAnswer();
      const own: Record<string, string> = {
        "Content-Type": "text/html; charset=utf-8",
        "Cache-Control": cacheable ? PAGE_CACHE_CONTROL : "private, no-store",
        // The theme and announcement cookies change the page; content pages also have a Markdown form.
        Vary: findPageIfBuilt(url.pathname.replace(/(.)\/+$/, "$1"))
          ? "Cookie, Accept, Accept-Encoding"
          : "Cookie, Accept-Encoding",
        "Content-Security-Policy": contentSecurityPolicy(page, config),
        ...securityHeaders(https),
      };
      // The route's headers, but none the page sets itself: a Response a loader threw ("Not Found") names
      // its own text/plain type, in lower case, which a spread kept beside ours (both were sent).
      const ownNames = new Set(Object.keys(own).map((name) => name.toLowerCase()));
      const headers = { ...Object.fromEntries([...routeHeaders].filter(([name]) => !ownNames.has(name))), ...own };
      // A 405 the request guard turned into this page already carries the Allow header of the address asked for.
      if (statusCode === 405 && !routeHeaders.has("allow") && guardRejection(request) === null)
        headers.Allow = "GET, HEAD";
      return { status: statusCode, body: page, headers };
    },
    { store: cacheable },
  );
}
