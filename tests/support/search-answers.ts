import type { SiteContent } from "../../app/content/types";
import { PAGE_LIMITS } from "../../app/search/limits";
import { siteSearchOf } from "../../app/search/store.server";

/** What a reader gets from a search of all versions, without the index's internal ids: two contents give the same answers or not. */
export function searchAnswers(content: SiteContent, query: string) {
  const search = siteSearchOf(content);
  return search.search(query, PAGE_LIMITS, search.scope("all")).hits.map((hit) => ({ ...hit }));
}
