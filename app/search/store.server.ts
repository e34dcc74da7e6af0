import { currentVersion } from "~/content/site-versions";
import { compoundHoldersReader, getSiteContent, searchPartReader } from "~/content/store.server";
import { versionsHolding } from "./compound-holders";
import type { SiteContent } from "~/content/types";
import { Lru } from "~/lib/lru";
import { SearchCaches, SiteSearch, VersionIndex } from "./engine.server";
import { inMemorySource, versionParts, type VersionSource } from "./parts";
import type { VersionSearchData } from "./types";

/**
 * The largest part of one version's stored index a server loads at once: its
 * head (document statistics and terms), its documents' table and its largest
 * document; the postings and the other documents stay on disk. Loaded, a
 * head holds about twice its stored bytes in the heap, and the server's heap
 * is 128 MB with the shell, the page caches and rendering in it: past this
 * the build fails, naming the version, rather than the server at the first
 * search in it.
 */
export const MAX_VERSION_INDEX_BYTES = 16 * 1024 * 1024;

/**
 * Versions' heads kept loaded, by their stored bytes: about 0.45 MB per 1,000
 * pages, which hold 1.2 MB of heap and 1.1 MB of typed arrays loaded. A search
 * in all versions reads every head, so ten versions of 1,000 pages fit (at
 * least one stays); past that, the heads that did not fit are read again at
 * each such search, not all of them (SiteSearch's `passing`).
 */
const LOADED_HEAD_BYTES = 8 * 1024 * 1024;
/**
 * Documents kept after a search read them, with their phrase text, across
 * versions (by their text's length, weightOf in engine.server.ts): a version
 * of 1,000 pages with its phrase texts, about 11 MB of heap; today's guides
 * whole. At a quarter of this, searches at 10,000 pages read documents again
 * so often that a query took two and a half times as long.
 */
const KEPT_DOCUMENT_BYTES = 16 * 1024 * 1024;
/** Postings kept decoded, in document-field pairs, across versions (8 bytes each, in typed arrays: about 1.2 MB). */
const KEPT_POSTINGS = 150_000;

let loaded: { content: SiteContent; search: SiteSearch } | null = null;

/**
 * The search over the compiled content: each version's head is read at the
 * first search in it, its postings and documents as queries need them. When
 * development re-reads the content, the indexes follow.
 */
export function getSiteSearch(): SiteSearch {
  const content = getSiteContent();
  if (loaded?.content !== content) loaded = { content, search: siteSearchOf(content) };
  return loaded.search;
}

/** Reads one version's part of the index, with its head's stored bytes; undefined for a version without one. */
type PartReader = (version: string) => { source: VersionSource; bytes: number } | undefined;

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
 * A search over `content`'s index and versions, loading each version's index
 * when it is first searched, and keeping heads of at most `headBytes` stored
 * and `postings` document-field pairs decoded.
 */
export function siteSearchOf(
  content: Pick<SiteContent, "search" | "versions">,
  headBytes = LOADED_HEAD_BYTES,
  postings = KEPT_POSTINGS,
): SiteSearch {
  const versions = content.versions.map(({ version }) => ({
    id: version.id,
    label: version.label,
    current: version.status === "current",
  }));
  const readPart = searchPartReader(content) ?? inMemoryParts(content);
  const cache = new Lru<string, VersionIndex>(headBytes);
  const caches = new SearchCaches(KEPT_DOCUMENT_BYTES, postings);
  const indexOf = (version: string, passing: boolean): VersionIndex => {
    const cached = cache.get(version);
    if (cached) return cached;
    const part = readPart(version);
    const index = part ? VersionIndex.load(part.source, caches) : VersionIndex.empty();
    if (passing) cache.setIfRoom(version, index, part?.bytes ?? 0);
    else cache.set(version, index, part?.bytes ?? 0);
    return index;
  };
  const holders = compoundHoldersReader(content);
  // From a pack, one record says which versions hold an identifier, without loading each version's index.
  const exactIn = holders
    ? (version: string, compounds: string[]) =>
        compounds.some((term) => versionsHolding(holders(), term).includes(version))
    : undefined;
  return new SiteSearch(indexOf, versions, currentVersion(content).version.id, exactIn);
}
