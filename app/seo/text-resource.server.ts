import { setImmediate } from "node:timers/promises";
import { getSiteConfig } from "~/config.server";
import { getSiteContent } from "~/content/store.server";
import type { SiteContent } from "~/content/types";
import { cachedResponse } from "~/http/cached-response.server";
import type { Bytes } from "~/http/page-cache.server";
import { publicOrigin } from "~/http/origin.server";
import type { SiteConfig } from "~/site.config";

export const TEXT_PLAIN = "text/plain; charset=utf-8";
export const APPLICATION_XML = "application/xml; charset=utf-8";

/** What a site-wide text file is made from. */
export interface TextSource {
  content: SiteContent;
  config: SiteConfig;
  /** The public origin readers use (https://docs.example.org): every URL in the file is absolute. */
  origin: string;
}

/**
 * How long a file's parts are made before other requests get a turn of the
 * event loop. A version's llms-full.txt at a thousand pages reads each page in
 * turn: made in one turn, it held every other request for half a second or
 * more (bench/scale.md). A part is a page there, a sidebar category of pages
 * in llms.txt, so the turn is measured in time, not in parts.
 */
export const TURN_MS = 8;

/**
 * A file made in parts, encoded part by part and joined as bytes, which live
 * outside the JavaScript heap (one string of llms-full.txt, megabytes at a
 * thousand pages a version, would take that much of the server's small heap
 * until a full collection), letting other requests in every TURN_MS.
 */
export async function encodedParts(parts: Iterable<string>): Promise<Bytes> {
  const encoder = new TextEncoder();
  const encoded: Bytes[] = [];
  let length = 0;
  let turn = performance.now();
  for (const part of parts) {
    const bytes = encoder.encode(part);
    encoded.push(bytes);
    length += bytes.length;
    if (performance.now() - turn >= TURN_MS) {
      await setImmediate();
      turn = performance.now();
    }
  }
  const whole = new Uint8Array(length);
  let at = 0;
  for (const bytes of encoded) {
    whole.set(bytes, at);
    at += bytes.length;
  }
  return whole;
}

/**
 * Answers a file made from the whole site (sitemap, robots, llms.txt): built
 * once per build and per public origin, since it holds absolute URLs, then
 * served from memory with its compressed forms and an ETag.
 */
export function textResource(
  request: Request,
  name: string,
  contentType: string,
  produce: (source: TextSource) => string | Generator<string>,
): Promise<Response> {
  const config = getSiteConfig();
  const content = getSiteContent();
  const origin = publicOrigin(request, config);
  return cachedResponse(request, async () => {
    const made = produce({ content, config, origin });
    return {
      status: 200,
      body: typeof made === "string" ? made : await encodedParts(made),
      headers: {
        "Content-Type": contentType,
        "Cache-Control": "public, max-age=3600, stale-while-revalidate=86400",
        "X-Content-Type-Options": "nosniff",
        Vary: "Accept-Encoding",
      },
    };
  });
}
