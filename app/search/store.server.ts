import type { PartReader } from "~/content/search-records.server";
import { currentVersion } from "~/content/site-versions";
import { compoundHoldersReader, getSiteContent, searchPartReader } from "~/content/store.server";
import type { SiteContent } from "~/content/types";
import type { SiteSearch } from "./engine.server";
import { inMemorySource, versionParts } from "./parts";
import { openSiteSearch, searchVersionsOf } from "./site-search.server";
import type { VersionSearchData } from "./types";

let loaded: { content: SiteContent; search: SiteSearch } | null = null;

/**
 * The search over the compiled content, on this thread: each version's head
 * is read at the first search in it, its postings and documents as queries
 * need them. When development re-reads the content, the indexes follow. A
 * production server searches in its search thread instead (answers.server.ts).
 */
export function getSiteSearch(): SiteSearch {
  const content = getSiteContent();
  if (loaded?.content !== content) loaded = { content, search: siteSearchOf(content) };
  return loaded.search;
}

/** Parts of an index held in memory (the content as built, or in development). */
function inMemoryParts(content: Pick<SiteContent, "search">): PartReader {
  let parts: Map<string, VersionSearchData> | null = null;
  return (version) => {
    parts ??= new Map(versionParts(content.search).map((part) => [part.version, part]));
    const data = parts.get(version);
    // Already in memory: its weight is one entry, and the cache keeps them all.
    return data ? { source: inMemorySource(data), bytes: 0 } : undefined;
  };
}

/**
 * A search over `content`'s index and versions (read from its pack, or
 * held in memory), keeping heads of at most `headBytes` stored and
 * `postings` document-field pairs decoded.
 */
export function siteSearchOf(
  content: Pick<SiteContent, "search" | "versions">,
  headBytes?: number,
  postings?: number,
): SiteSearch {
  return openSiteSearch({
    versions: searchVersionsOf(content),
    current: currentVersion(content).version.id,
    readPart: searchPartReader(content) ?? inMemoryParts(content),
    holders: compoundHoldersReader(content),
    headBytes,
    postings,
  });
}
