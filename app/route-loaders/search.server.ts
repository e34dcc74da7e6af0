import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { load } from "~/lib/load.server";
import { askSearch } from "~/search/answers.server";
import { PAGE_LIMITS } from "~/search/limits";
import { questionOf, type SearchQuestion } from "~/search/questions";
import { resultPageOf } from "~/search/result-pages";

const BUSY_MESSAGE = "The server is busy; try again in a moment.";

/** What the results page shows for an address: its query searched in its scope, the page of results it names. */
export function pageQuestion(url: URL): SearchQuestion {
  const from = (resultPageOf(url.searchParams.get("page")) - 1) * PAGE_LIMITS.hits;
  return questionOf(url, { ...PAGE_LIMITS, from });
}

/**
 * The results page: a plain GET form target, so searching works without
 * JavaScript. A search nobody made before is usually answered without this
 * loader: its results are filled into the page's stored frame
 * (app/http/search-pages.server.ts), from the same answer.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  return load(async () => {
    const answer = await askSearch(pageQuestion(new URL(request.url)), () => !request.signal.aborted);
    // Busy, or nobody left to read it.
    if (!answer) throw json({ message: BUSY_MESSAGE }, { status: 503, headers: { "Retry-After": "1" } });
    return json(answer);
  });
}
