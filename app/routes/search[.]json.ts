import type { LoaderFunctionArgs } from "@remix-run/node";
import { cachedResponse } from "~/http/cached-response.server";
import { busyAnswer } from "~/http/render-queue.server";
import { load } from "~/lib/load.server";
import { askSearch } from "~/search/answers.server";
import { DIALOG_LIMITS } from "~/search/limits";
import { questionOf } from "~/search/questions";
import { threadJsonOf } from "~/search/thread.server";
import type { RouteHandle } from "~/route-inputs";

// The query and the search's scope (app/search/scope.ts): each is part of the page's address.
export const handle: RouteHandle = { inputs: { query: ["q", "version", "first"] } };

/**
 * Results for the search dialog as JSON (`SearchAnswer`). Answers are kept
 * per address (so per query and scope), so repeated queries cost nothing and revalidate with 304.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  return load(() => {
    const url = new URL(request.url);
    return cachedResponse(
      request,
      async () => {
        // None for a client that left before its turn (the dialog drops a search when a key is
        // typed), which gets the busy answer it will never read.
        const answer = await askSearch(questionOf(url, DIALOG_LIMITS), () => !request.signal.aborted);
        if (!answer) return busyAnswer();
        return {
          status: 200,
          // As the search thread wrote it, when it searched (escaped for a script, which JSON allows): not written again here.
          body: threadJsonOf(answer) ?? JSON.stringify(answer),
          headers: {
            "Content-Type": "application/json; charset=utf-8",
            "Cache-Control": "public, max-age=300",
            "X-Content-Type-Options": "nosniff",
            Vary: "Accept-Encoding",
          },
        };
      },
      { results: true },
    );
  });
}
