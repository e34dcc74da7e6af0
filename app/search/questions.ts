import type { SiteSearch } from "./engine.server";
import type { SearchLimits } from "./limits";
import { scopeParams } from "./scope";
import type { SearchAnswer } from "./types";

/**
 * A search as a request asks it: the query and the scope as its address
 * gives them, and how many hits. Plain data, so that it can be sent to the
 * search thread as it is.
 */
export interface SearchQuestion {
  query: string | null;
  version: string | null;
  first: string | null;
  limits: SearchLimits;
}

/** The search `url` asks for, with `limits`. */
export function questionOf(url: URL, limits: SearchLimits): SearchQuestion {
  return { query: url.searchParams.get("q"), ...scopeParams(url), limits };
}

/** `question` answered by `search`, on the thread that calls this. */
export function answerOf(search: SiteSearch, { query, version, first, limits }: SearchQuestion): SearchAnswer {
  return search.search(query, limits, search.scope(version, first));
}
