// How a search's scope travels in its address, for the results page, the
// dialog's requests and the navbar form alike:
//   /search?q=…                          the current release
//   /search?q=…&version=next             Next only
//   /search?q=…&version=all&first=next   every version, Next's results first
import type { SearchScope, SearchVersion } from "./types";

/** The query string of a search for `query` in `scope`; the default scope (the current release only) adds nothing. */
export function searchQuery(query: string, scope: SearchScope, versions: SearchVersion[]): string {
  const params = new URLSearchParams({ q: query });
  const current = versions.find((version) => version.id === scope.version)?.current ?? true;
  if (scope.all) {
    params.set("version", "all");
    if (!current) params.set("first", scope.version);
  } else if (!current) {
    params.set("version", scope.version);
  }
  return params.toString();
}

/** The scope a search request names (see SiteSearch.scope for unknown values). */
export function scopeParams(url: URL): { version: string | null; first: string | null } {
  return { version: url.searchParams.get("version"), first: url.searchParams.get("first") };
}
