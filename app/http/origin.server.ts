import type { SiteConfig } from "~/site.config";

const HOST = /^[A-Za-z0-9.-]+(?::\d{1,5})?$|^\[[0-9A-Fa-f:.]+\](?::\d{1,5})?$/;

function firstValue(header: string | null): string | null {
  const value = header?.split(",")[0]?.trim();
  return value ? value : null;
}

/** The scheme the reader used: the proxy's X-Forwarded-Proto when it says http or https. */
export function publicProtocol(request: Request): "http" | "https" {
  const forwarded = firstValue(request.headers.get("x-forwarded-proto"))?.toLowerCase();
  if (forwarded === "https" || forwarded === "http") return forwarded;
  return new URL(request.url).protocol === "https:" ? "https" : "http";
}

/**
 * The origin readers see (https://docs.example.org), for canonical links, the
 * sitemap, Open Graph URLs and redirects: SITE_URL when set, otherwise the
 * request as forwarded by the proxy. A malformed forwarded host is ignored.
 */
export function publicOrigin(request: Request, config: Pick<SiteConfig, "siteUrl">): string {
  if (config.siteUrl) return config.siteUrl;
  const url = new URL(request.url);
  const forwardedHost = firstValue(request.headers.get("x-forwarded-host"));
  const host = forwardedHost && HOST.test(forwardedHost) ? forwardedHost : url.host;
  return `${publicProtocol(request)}://${host}`;
}

/**
 * Whether the reader's connection is HTTPS (HSTS, Secure cookies). A public
 * SITE_URL says so for every reader, since readers reach the site only through
 * it; a request straight to the container over HTTP then still gets the
 * header, which browsers ignore on HTTP. Unset: the proxy's forwarded scheme.
 */
export function isHttps(request: Request, config: Pick<SiteConfig, "siteUrl">): boolean {
  return publicOrigin(request, config).startsWith("https:");
}
