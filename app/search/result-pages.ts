// The pages of a search's results, and how the page travels in the results
// page's address (the dialog has one page and never names it):
//   /search?q=…&page=2   the second page of results, after the scope's parameters
// Apart from scope.ts, which every page's search dialog loads: only the results page needs this.
import { RESULTS_PER_PAGE } from "./limits";
import { searchQuery } from "./scope";
import type { SearchAnswer, SearchScope, SearchVersion } from "./types";

/**
 * Pages of results a reader can turn to: the best 200. Past them, a search
 * with one more word serves better than a deeper page, and each page ranks
 * every hit before its own.
 */
export const RESULT_PAGES = 20;

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

/** The pages of results a reader can turn to, and the one shown (1 first). */
export function resultPages(answer: Pick<SearchAnswer, "from" | "total">): { page: number; pages: number } {
  const pages = Math.min(Math.ceil(answer.total / RESULTS_PER_PAGE), RESULT_PAGES);
  return { page: answerPage(answer), pages };
}

/** "1 result", "39 results". */
export function resultCount(total: number): string {
  return total === 1 ? "1 result" : `${total} results`;
}

/** Which of the results the page shows, after their count: ", 11 to 20 shown", ", the best 10 shown", or nothing when all are. */
export function shownResults(answer: Pick<SearchAnswer, "from" | "total" | "hits">): string {
  const from = answer.from ?? 0;
  if (from > 0) return `, ${from + 1} to ${from + answer.hits.length} shown`;
  return answer.total > answer.hits.length ? `, the best ${answer.hits.length} shown` : "";
}

/** "of Next", "of every version": what the page searched, when there is more than one version. */
export function scopeName(answer: Pick<SearchAnswer, "versions" | "scope">): string {
  if (answer.versions.length < 2) return "";
  if (answer.scope.all) return " of every version";
  const version = answer.versions.find((v) => v.id === answer.scope.version);
  return version ? ` of ${version.label}${version.current ? " (the current release)" : ""}` : "";
}
