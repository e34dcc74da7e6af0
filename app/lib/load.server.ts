import { json } from "@remix-run/node";
import { notFoundPage } from "~/http/not-found-page.server";

/**
 * Runs a loader's work so that an unexpected failure reaches the page as a
 * 503 "could not load" (which the error page offers to retry) rather than as a
 * crash. Thrown Responses (redirects, 404s) pass through unchanged.
 */
export async function load<T>(work: () => T | Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof Response) throw error;
    console.error(error);
    throw json({ message: "The page's data could not be loaded." }, { status: 503 });
  }
}

const TEXT_FAILURE = "500 Internal Server Error: this file could not be produced; try again later.\n";

/**
 * Wraps the loader of a route that answers a file rather than a page (a text
 * route: sitemap, robots, llms.txt, the OpenAPI documents). An unexpected
 * failure becomes a short plain-text 500 instead of Remix's bare
 * "Unexpected Server Error"; a thrown 404 (a version that does not exist)
 * becomes the site's not-found page, as for any other miss; other thrown
 * Responses (redirects) pass through unchanged.
 */
export function textRoute<Args extends { request: Request }>(
  answer: (args: Args) => Response | Promise<Response>,
): (args: Args) => Promise<Response> {
  return async (args) => {
    try {
      return await answer(args);
    } catch (error) {
      if (error instanceof Response && error.status === 404) return (await notFoundPage(args.request)) ?? error;
      if (error instanceof Response) throw error;
      console.error(error);
      return new Response(TEXT_FAILURE, {
        status: 500,
        headers: {
          "Content-Type": "text/plain; charset=utf-8",
          "Cache-Control": "no-store",
          "X-Content-Type-Options": "nosniff",
        },
      });
    }
  };
}
