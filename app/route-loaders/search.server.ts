import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { renderQueue } from "~/http/render-queue.server";
import { load } from "~/lib/load.server";
import { PAGE_LIMITS } from "~/search/limits";
import { resultPageOf } from "~/search/result-pages";
import { scopeParams } from "~/search/scope";
import { getSiteSearch } from "~/search/store.server";
import type { SearchAnswer } from "~/search/types";

const BUSY_MESSAGE = "The server is busy; try again in a moment.";

/** What the results page shows for an address: its query searched in its scope, the page of results it names. */
export function searchPageAnswer(url: URL): SearchAnswer {
  const search = getSiteSearch();
  const { version, first } = scopeParams(url);
  const limits = { ...PAGE_LIMITS, from: (resultPageOf(url.searchParams.get("page")) - 1) * PAGE_LIMITS.hits };
  return search.search(url.searchParams.get("q"), limits, search.scope(version, first));
}

/**
 * The results page: a plain GET form target, so searching works without
 * JavaScript. A search nobody made before is usually answered without this
 * loader: its results are filled into the page's stored frame
 * (app/http/search-pages.server.ts), from the same answer.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  return load(async () => {
    // In its turn with the renders, like a filled one.
    const answer = await renderQueue.later(() => searchPageAnswer(new URL(request.url)));
    if (answer === null) throw json({ message: BUSY_MESSAGE }, { status: 503, headers: { "Retry-After": "1" } });
    return json(answer);
  });
}
