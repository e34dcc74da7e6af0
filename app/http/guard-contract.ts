import type { IncomingMessage, ServerResponse } from "node:http";

/**
 * What the request guard (server/guard/, loaded before remix-serve) and the
 * app share: one module both import, so neither side keeps a copy of a name
 * the other could change alone. Types, constants and pure functions; nothing
 * here runs on its own.
 */

/** Set by the guard (and stripped from clients) on a request it turned into one for the error page; carries the status. */
export const REJECTION_HEADER = "x-smriti-rejected";

/** The global through which the server build hands the guard its answers from memory (app/http/front-cache.server.ts). */
export const FRONT_CACHE = Symbol.for("smriti.front-cache");

export interface FrontCache {
  /**
   * Writes the stored answer for the request and returns true, or returns
   * false on a miss. Never throws on purpose. It may also take the request to
   * answer later (a search filled into a stored frame) and return true; then,
   * if it cannot, it calls `passOn`, which hands the request to the app as a
   * miss would.
   */
  answer(request: IncomingMessage, response: ServerResponse, passOn: () => void): boolean;
}

/** The global through which the server build tells the guard which methods each address accepts (app/http/method-policy.server.ts). */
export const METHOD_POLICY = Symbol.for("smriti.method-policy");

export interface MethodPolicy {
  /** The methods the path of `target` accepts, as an Allow header names them ("GET, HEAD"); null when not known. Never throws on purpose. */
  allowed(target: string): string | null;
}

/**
 * Under `npm run dev`, the global on which the app server (scripts/dev/app-server.mjs, which reads this
 * module built to .dev/guard-contract.mjs) puts the content it compiles live, for app/content/store.server.ts.
 */
export const LIVE_CONTENT = Symbol.for("smriti.live-content");

/** The address a proxy or orchestrator asks whether this replica should get traffic. */
export const HEALTH_PATH = "/healthz";

/** After SIGTERM, the longest a connection may keep the process alive: inside `docker stop`'s 10 s. */
export const SHUTDOWN_GRACE_MS = 9000;

/** The variable that sets the drain after SIGTERM (server/guard/shutdown.ts). */
export const DRAIN_VARIABLE = "SITE_DRAIN_MS";

/**
 * The longest drain: ten minutes, far above any balancer's probe interval. Node's timers
 * hold at most 2^31 - 1 ms and turn a longer delay into 1 ms, so 3000000000 drained for 1 ms.
 */
export const MAX_DRAIN_MS = 600_000;

/**
 * SITE_DRAIN_MS as a whole number of milliseconds up to MAX_DRAIN_MS: 0 when
 * unset, null when it is not one. "5s" must not pass as 5 ms, which would end
 * the drain before a balancer's next probe; the start check refuses such a
 * value (app/config.server.ts).
 */
export function drainMilliseconds(raw: string | undefined): number | null {
  const value = raw?.trim();
  if (!value) return 0;
  return /^\d+$/.test(value) && Number(value) <= MAX_DRAIN_MS ? Number(value) : null;
}

/**
 * The security headers of every answer the site writes, pages and the guard's
 * own plain answers alike; the app adds HSTS when the reader came over HTTPS,
 * and a page its CSP.
 */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  "X-Content-Type-Options": "nosniff",
  "Referrer-Policy": "strict-origin-when-cross-origin",
  "Permissions-Policy": "camera=(), microphone=(), geolocation=(), payment=(), usb=()",
  "Cross-Origin-Opener-Policy": "same-origin",
  "X-Frame-Options": "DENY",
};

/** Request line and headers together; the guard answers 431 beyond this. */
export const MAX_HEADER_BYTES = 16384;

/** What Node itself parses: room above MAX_HEADER_BYTES so that the guard, not Node, answers 431 with the site's page. */
export const SERVER_MAX_HEADER_SIZE = 65536;

/** How long browsers and proxies keep a permanent redirect of the site's: an hour, so that a mistaken one does not outlive a fix. */
export const PERMANENT_REDIRECT_CACHE = "public, max-age=3600";

/**
 * The status line and headers of a permanent redirect to `location` on this
 * site, which the guard and the front cache send for an address they write
 * another way: 301 for GET and HEAD, 308 (which keeps the method and body)
 * for the rest; kept by browsers and proxies for an hour.
 */
export function permanentRedirect(
  method: string | undefined,
  location: string,
): { status: 301 | 308; headers: Record<string, string | number> } {
  return {
    status: method === "GET" || method === "HEAD" ? 301 : 308,
    headers: { Location: location, "Content-Length": 0, "Cache-Control": PERMANENT_REDIRECT_CACHE },
  };
}
