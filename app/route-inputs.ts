/**
 * What an answer depends on besides the build and its address's path, declared
 * once. The page cache keys on exactly these (app/http/cached-response.server.ts
 * requestKey, app/lib/page-address.ts), so a page stored for one reader is
 * only ever served to a reader who sent the same inputs.
 *
 * tests/unit/route-inputs.test.ts reads the app's code for every query
 * parameter, header and cookie it reads by name, and fails when one is not
 * declared here: a loader cannot start reading something new without it
 * reaching the cache key.
 *
 * Adding a cookie that changes pages (say a remembered docs version) is one
 * line: its name in `everyPage.cookies`.
 */
export interface RouteInputs {
  /** Query parameters, in the order the key lists them. */
  readonly query?: readonly string[];
  /** Cookies, by name, their raw value part of the key. */
  readonly cookies?: readonly string[];
  /** Request headers (lower case) that change the answer. */
  readonly headers?: readonly string[];
}

/** What every page and text route reads: the root loader and the document around every page. */
export const EVERY_PAGE_INPUTS = {
  // docs-version: the version a reader chose (app/lib/version-cookie.ts), followed by links on pages of no version.
  cookies: ["theme", "announcement-dismissed", "docs-version"],
  // host and the proxy's forwarded headers make absolute URLs; accept picks HTML or Markdown;
  // user-agent tells crawlers (no tracker) when analytics is on.
  headers: ["host", "x-forwarded-host", "x-forwarded-proto", "accept", "user-agent"],
} as const satisfies RouteInputs;

/** Inputs of particular addresses, on top of EVERY_PAGE_INPUTS. */
export const ROUTE_INPUTS: Readonly<Record<string, RouteInputs>> = {
  // The query, and the search's scope (app/search/scope.ts).
  "/search": { query: ["q", "version", "first"] },
  "/search.json": { query: ["q", "version", "first"] },
};

/**
 * Read only where nothing is stored: the settings forms (POST, never cached),
 * and the request guard's rejection status (its pages are never stored).
 */
export const UNCACHED_INPUTS = {
  headers: ["content-length", "content-type", "referer", "origin", "cookie", "x-smriti-rejected"],
} as const satisfies RouteInputs;

/** The query parameters the page at `pathname` reads (none for most pages). */
export function queryInputs(pathname: string): readonly string[] | undefined {
  return ROUTE_INPUTS[pathname]?.query;
}

/**
 * Read by the page cache itself: a stored page is the same whatever they say; they pick its
 * encoding or a 304 (accept-encoding, if-none-match), or mark Remix's data requests, which are
 * never stored (_data).
 */
export const CACHE_OWN_INPUTS = {
  query: ["_data"],
  headers: ["accept-encoding", "if-none-match"],
} as const satisfies RouteInputs;
