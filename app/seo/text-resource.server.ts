import { getSiteConfig } from "~/config.server";
import { getSiteContent } from "~/content/store.server";
import type { SiteContent } from "~/content/types";
import { cachedResponse } from "~/http/cached-response.server";
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
 * Answers a file made from the whole site (sitemap, robots, llms.txt): built
 * once per build and per public origin, since it holds absolute URLs, then
 * served from memory with its compressed forms and an ETag.
 */
export function textResource(
  request: Request,
  name: string,
  contentType: string,
  produce: (source: TextSource) => string,
): Promise<Response> {
  const config = getSiteConfig();
  const content = getSiteContent();
  const origin = publicOrigin(request, config);
  return cachedResponse(request, async () => ({
    status: 200,
    body: produce({ content, config, origin }),
    headers: {
      "Content-Type": contentType,
      "Cache-Control": "public, max-age=3600, stale-while-revalidate=86400",
      "X-Content-Type-Options": "nosniff",
      Vary: "Accept-Encoding",
    },
  }));
}
