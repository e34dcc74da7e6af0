// How a search's scope travels in its address, for the results page, the
// dialog's requests and the navbar form alike:
//   /search?q=…                          the current release
//   /search?q=…&version=next             Next only
//   /search?q=…&version=all&first=next   every version, Next's results first
//   /search?q=…&page=2                   the second page of results (the results page only)
import type { SearchScope, SearchVersion } from "./types";

/**
 * Pages of results a reader can turn to. Past them, a search with one more
 * word serves better than a deeper page, and each page ranks every hit before
 * its own.
 */
export const RESULT_PAGES = 10;

/** The query string of a search for `query` in `scope`, on page `page` of its results; the defaults (the current release only, the first page) add nothing. */
export function searchQuery(query: string, scope: SearchScope, versions: SearchVersion[], page = 1): string {
  const params = new URLSearchParams({ q: query });
  const current = versions.find((version) => version.id === scope.version)?.current ?? true;
  if (scope.all) {
    params.set("version", "all");
    if (!current) params.set("first", scope.version);
  } else if (!current) {
    params.set("version", scope.version);
  }
  if (page > 1) params.set("page", String(page));
  return params.toString();
}

/** The page of results a `page` parameter asks for: 1 unless it is a whole number, and at most RESULT_PAGES. */
export function resultPageOf(text: string | null): number {
  if (text === null || !/^\d{1,9}$/.test(text)) return 1;
  return Math.min(Math.max(Number(text), 1), RESULT_PAGES);
}

/** The page of results an address asks for (resultPageOf). */
export function resultPage(url: URL): number {
  return resultPageOf(url.searchParams.get("page"));
}

/** The scope a search request names (see SiteSearch.scope for unknown values). */
export function scopeParams(url: URL): { version: string | null; first: string | null } {
  return { version: url.searchParams.get("version"), first: url.searchParams.get("first") };
}
