import { createHash } from "node:crypto";
import type { SiteConfig } from "~/site.config";
import { SECURITY_HEADERS } from "./guard-contract";
import { bufferOf } from "./page-cache.server";

/** The CSP source that allows one inline script, by the hash of its text (as a string, or its UTF-8 bytes). */
export function inlineScriptHash(body: string | Uint8Array): string {
  return `'sha256-${createHash("sha256").update(body).digest("base64")}'`;
}

const SCRIPT_OPEN = Buffer.from("<script");
const SCRIPT_CLOSE = Buffer.from("</script>");
/** What may follow "<script" in an opening tag: whitespace, or its end. */
const AFTER_NAME = new Set([0x09, 0x0a, 0x0c, 0x0d, 0x20, 0x3e]);
/** A `src` attribute among the tag's attributes (an external script, which 'self' allows). */
const SRC_ATTRIBUTE = /(?:^|[^\w-])src\s*=/i;

/**
 * sha256 sources for every inline script of a rendered page, read from its bytes: a document is
 * never decoded into a string on its way out. Only the lower-case `<script` that React and Remix
 * write is recognised; a script written otherwise gets no hash, so the browser refuses it.
 */
export function inlineScriptHashes(page: string | Uint8Array): string[] {
  const bytes = typeof page === "string" ? Buffer.from(page) : bufferOf(page);
  const hashes = new Set<string>();
  for (let at = bytes.indexOf(SCRIPT_OPEN); at !== -1; at = bytes.indexOf(SCRIPT_OPEN, at + 1)) {
    if (!AFTER_NAME.has(bytes[at + SCRIPT_OPEN.length] ?? 0)) continue;
    const tagEnd = bytes.indexOf(0x3e, at);
    const end = tagEnd === -1 ? -1 : bytes.indexOf(SCRIPT_CLOSE, tagEnd);
    if (end === -1) break;
    const attributes = bytes.toString("latin1", at + SCRIPT_OPEN.length, tagEnd);
    if (end > tagEnd + 1 && !SRC_ATTRIBUTE.test(attributes))
      hashes.add(inlineScriptHash(bytes.subarray(tagEnd + 1, end)));
    at = end;
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
export function contentSecurityPolicy(page: string | Uint8Array, config: SiteConfig): string {
  const script = ["'self'", ...inlineScriptHashes(page)];
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
