/**
 * What an answer depends on besides the build and its address's path. Each
 * route declares its own in its module, as `export const handle = { inputs }`
 * (a RouteHandle); the root declares EVERY_PAGE_INPUTS, which every page and
 * text route sits under. The page cache keys on the inputs of the routes an
 * address matches, read from Remix's own route manifest
 * (app/http/route-manifest.server.ts), so a page stored for one reader is only
 * ever served to a reader who sent the same inputs. See
 * docs/decisions/038-inputs-declared-by-routes.md.
 *
 * Two checks keep the declarations true: tests/unit/route-inputs.test.ts reads
 * the app's code for every query parameter, header and cookie read by name,
 * and every route module for its declaration; and, in development and in the
 * test servers, every loader runs behind a request that records what it reads
 * and fails on anything undeclared (app/http/input-check.server.ts).
 */
export interface RouteInputs {
  /** Query parameters, in the order the key lists them. */
  readonly query?: readonly string[];
  /** Cookies, by name, their raw value part of the key. */
  readonly cookies?: readonly string[];
  /** Request headers (lower case) that change the answer. */
  readonly headers?: readonly string[];
}

/** What every route module exports as `handle`; routes that read nothing declare `inputs: {}`. */
export interface RouteHandle {
  readonly inputs: RouteInputs;
}

/** Whether a route module's `handle` declares its inputs. */
export function declaresInputs(handle: unknown): handle is RouteHandle {
  const inputs = (handle as Partial<RouteHandle> | undefined)?.inputs;
  if (typeof inputs !== "object" || inputs === null) return false;
  return (["query", "cookies", "headers"] as const).every(
    (kind) =>
      inputs[kind] === undefined ||
      (Array.isArray(inputs[kind]) && inputs[kind].every((name) => typeof name === "string")),
  );
}

/** What the root reads (its loader and the document around every page): the root route's declaration. */
export const EVERY_PAGE_INPUTS = {
  // docs-version: the version a reader chose (app/lib/version-cookie.ts), followed by links on pages of no version.
  cookies: ["theme", "announcement-dismissed", "docs-version"],
  // host and the proxy's forwarded headers make absolute URLs; accept picks HTML or Markdown;
  // user-agent tells crawlers (no tracker) when analytics is on.
  headers: ["host", "x-forwarded-host", "x-forwarded-proto", "accept", "user-agent"],
} as const satisfies RouteInputs;

/**
 * Read only where nothing is stored: the settings forms (POST, never cached),
 * and the request guard's rejection status (its pages are never stored).
 */
export const UNCACHED_INPUTS = {
  headers: ["content-length", "content-type", "referer", "origin", "cookie", "x-smriti-rejected"],
} as const satisfies RouteInputs;

/**
 * Read by the page cache itself: a stored page is the same whatever they say; they pick its
 * encoding or a 304 (accept-encoding, if-none-match), or mark Remix's data requests, which are
 * never stored (_data).
 */
export const CACHE_OWN_INPUTS = {
  query: ["_data"],
  headers: ["accept-encoding", "if-none-match"],
} as const satisfies RouteInputs;

/** The inputs of a chain of matched routes, root first, each name once, in the order declared. */
export function mergeInputs(chain: readonly RouteInputs[]): Required<RouteInputs> {
  const union = (kind: keyof RouteInputs) => [...new Set(chain.flatMap((inputs) => inputs[kind] ?? []))];
  return { query: union("query"), cookies: union("cookies"), headers: union("headers") };
}
