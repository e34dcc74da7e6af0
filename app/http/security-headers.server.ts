import { createHash } from "node:crypto";
import type { SiteConfig } from "~/site.config";
import { SECURITY_HEADERS } from "./guard-contract";

const INLINE_SCRIPT = /<script(?![^>]*\bsrc=)(?:\s[^>]*)?>([\s\S]*?)<\/script>/gi;

/** The CSP source that allows one inline script, by the hash of its text. */
export function inlineScriptHash(body: string): string {
  return `'sha256-${createHash("sha256").update(body, "utf8").digest("base64")}'`;
}

/** sha256 sources for every inline script of a rendered page. */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const match of html.matchAll(INLINE_SCRIPT)) {
    const body = match[1] ?? "";
    if (!body) continue;
    hashes.add(inlineScriptHash(body));
  }
  return [...hashes];
}

function originOf(url: string): string {
  return new URL(url).origin;
}

/** Development only: the WebSocket of `remix dev` that reloads the page when app code changes. */
function devReloadChannel(): string[] {
  const origin = process.env.NODE_ENV === "development" ? process.env.REMIX_DEV_ORIGIN : undefined;
  return origin ? [originOf(origin).replace(/^http/, "ws")] : [];
}

/**
 * The page's Content-Security-Policy. Only our own inline scripts run: each is
 * allowed by its hash, which keeps a rendered page cacheable (a nonce would
 * change every response). No 'unsafe-eval': MDX is rendered to HTML on the
 * server (docs/decisions/002-mdx-to-html-and-csp.md).
 */
export function contentSecurityPolicy(html: string, config: SiteConfig): string {
  const script = ["'self'", ...inlineScriptHashes(html)];
  const style = ["'self'", "'unsafe-inline'"];
  const font = ["'self'"];
  const img = ["'self'", "data:"];
  const connect = ["'self'", originOf(config.apiServerUrl), ...devReloadChannel()];
  if (config.fontsStylesheetUrl) {
    style.push(originOf(config.fontsStylesheetUrl));
    // A fonts service serves its files from its own hosts (e.g. Google's fonts.gstatic.com).
    font.push("https:");
  }
  if (config.analyticsId) {
    script.push("https://www.googletagmanager.com");
    img.push("https://*.google-analytics.com", "https://*.googletagmanager.com");
    connect.push("https://*.google-analytics.com", "https://*.analytics.google.com", "https://*.googletagmanager.com");
  }
  return [
    "default-src 'self'",
    `script-src ${script.join(" ")}`,
    `style-src ${style.join(" ")}`,
    `font-src ${font.join(" ")}`,
    `img-src ${img.join(" ")}`,
    `connect-src ${connect.join(" ")}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

/** Headers every page carries besides its CSP. HSTS only when the reader came over HTTPS. */
export function securityHeaders(https: boolean): Record<string, string> {
  return {
    ...SECURITY_HEADERS,
    ...(https ? { "Strict-Transport-Security": "max-age=31536000; includeSubDomains" } : {}),
  };
}
