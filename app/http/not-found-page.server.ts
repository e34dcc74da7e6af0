import { outsideRecording } from "./input-check.server";
import { selfRequestHandler } from "./server-build.server";

/**
 * An address no route but the root catch-all answers: the not-found page, which
 * every such address shares (one stored copy per state, app/http/cached-response.server.ts).
 */
const NOT_FOUND_PATH = "/__not-found";

/**
 * The site's not-found page as the answer to `request`, for a file route (a
 * resource route: /<version>/llms.txt, /<version>/openapi.json…) asked for
 * a version that does not exist. Remix passes such a route's thrown 404 on as
 * it is, a bare "Not Found" in plain text without the page's headers; every
 * other miss gets the page, so this asks the app for it as any request would
 * (the same cookies, host and encodings), rendered once per state and stored.
 * Null when this code runs from the sources, with no server build to render it.
 */
export async function notFoundPage(request: Request): Promise<Response | null> {
  const handler = await selfRequestHandler();
  if (!handler) return null;
  const page = new Request(new URL(NOT_FOUND_PATH, request.url), {
    method: request.method === "HEAD" ? "HEAD" : "GET",
    headers: new Headers(request.headers),
  });
  return outsideRecording(() => handler(page));
}
