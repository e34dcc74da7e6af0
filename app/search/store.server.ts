import { currentVersion } from "~/content/site-versions";
import { getSiteContent, searchPartReader } from "~/content/store.server";
import type { SiteContent } from "~/content/types";
import { Lru } from "~/lib/lru";
import { SiteSearch, VersionIndex } from "./engine.server";
import { versionParts } from "./parts";
import type { VersionSearchData } from "./types";

/**
 * The largest stored index of one version a server takes. A loaded index
 * holds about 4.5 times its stored bytes in the heap (measured at 1,000
 * pages: 6.7 MB records, 30 MB of heap each), and the server's heap is 128 MB
 * with the shell, the page caches and rendering in it: past this the build
 * fails, naming the version, rather than the server at the first search in it.
 */
export const MAX_VERSION_INDEX_BYTES = 8 * 1024 * 1024;

/**
 * Versions' indexes kept loaded, by the bytes of their stored records: one of
 * the largest, or a few smaller ones (at least one always stays). A search
 * holds what readers searched lately, whatever the number of releases.
 */
const LOADED_INDEX_BYTES = 12 * 1024 * 1024;

let loaded: { content: SiteContent; search: SiteSearch } | null = null;

/**
 * The search over the compiled content: each version's index is read and
 * turned into a MiniSearch instance at the first search in it. When
 * development re-reads the content, the indexes follow.
 */
export function getSiteSearch(): SiteSearch {
  const content = getSiteContent();
  if (loaded?.content !== content) loaded = { content, search: siteSearchOf(content) };
  return loaded.search;
}

/** Reads one version's part of the index, with its size in bytes; undefined for a version without one. */
type PartReader = (version: string) => { data: VersionSearchData; bytes: number } | undefined;

/** Parts of an index held in memory (the content as built, or in development). */
function inMemoryParts(content: Pick<SiteContent, "search">): PartReader {
  let parts: Map<string, VersionSearchData> | null = null;
  return (version) => {
    parts ??= new Map(versionParts(content.search).map((part) => [part.version, part]));
    const data = parts.get(version);
    // Already in memory: its weight is one entry, and the cache keeps them all.
    return data ? { data, bytes: 0 } : undefined;
  };
}

/** A search over `content`'s index and versions, loading each version's index when it is first searched. */
export function siteSearchOf(content: Pick<SiteContent, "search" | "versions">): SiteSearch {
  const versions = content.versions.map(({ version }) => ({
    id: version.id,
    label: version.label,
    current: version.status === "current",
  }));
  const readPart = searchPartReader(content) ?? inMemoryParts(content);
  const cache = new Lru<string, VersionIndex>(LOADED_INDEX_BYTES);
  const indexOf = (version: string): VersionIndex => {
    const cached = cache.get(version);
    if (cached) return cached;
    const part = readPart(version);
    const index = part ? VersionIndex.load(part.data) : VersionIndex.empty();
    cache.set(version, index, part?.bytes ?? 0);
    return index;
  };
  return new SiteSearch(indexOf, versions, currentVersion(content).version.id);
}
