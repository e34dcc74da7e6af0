// The pages of a search's results, and how the page travels in the results
// page's address (the dialog has one page and never names it):
//   /search?q=…&page=2   the second page of results, after the scope's parameters
// Apart from scope.ts, which every page's search dialog loads: only the results page needs this.
import { RESULTS_PER_PAGE } from "./limits";
import { searchQuery } from "./scope";
import type { SearchAnswer, SearchScope, SearchVersion } from "./types";

/**
 * Pages of results a reader can turn to. Past them, a search with one more
 * word serves better than a deeper page, and each page ranks every hit before
 * its own.
 */
export const RESULT_PAGES = 10;

/** The query string of page `page` of a search for `query` in `scope`; the first page adds nothing to searchQuery's. */
export function resultPageQuery(query: string, scope: SearchScope, versions: SearchVersion[], page: number): string {
  const search = searchQuery(query, scope, versions);
  return page > 1 ? `${search}&page=${page}` : search;
}

/** The page of results a `page` parameter asks for: 1 unless it is a whole number, and at most RESULT_PAGES. */
export function resultPageOf(text: string | null): number {
  if (text === null || !/^\d{1,9}$/.test(text)) return 1;
  return Math.min(Math.max(Number(text), 1), RESULT_PAGES);
}

/** The page of results `answer` holds: 1 for the first. */
export function answerPage(answer: Pick<SearchAnswer, "from">): number {
  return Math.floor((answer.from ?? 0) / RESULTS_PER_PAGE) + 1;
}

/**
 * The search as the page's titles name it, saying what the page shows: the
 * query, and after the first page which page of results it is ("server,
 * page 2"), so pages of one search are told apart in tabs, history and a
 * screen reader's announcement. A search with no results, or an address past
 * its last page, shows no page of results, and its title names none.
 */
export function titledSearch(answer: Pick<SearchAnswer, "query" | "from" | "total" | "hits">): string {
  if (answer.total > 0 && answer.hits.length === 0) return `${answer.query}, past the last page`;
  const page = answerPage(answer);
  return page > 1 && answer.hits.length > 0 ? `${answer.query}, page ${page}` : answer.query;
}
