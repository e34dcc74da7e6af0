import type { PartReader } from "~/content/search-records.server";
import type { SiteContent } from "~/content/types";
import { Lru } from "~/lib/lru";
import { versionsHolding, type CompoundHolders } from "./compound-holders";
import { SearchCaches, SiteSearch, VersionIndex } from "./engine.server";
import type { SearchVersion } from "./types";

/**
 * The largest part of one version's stored index a server loads at once: its
 * head (document statistics and terms), its documents' table and its largest
 * document; the postings and the other documents stay on disk. Loaded, a
 * head holds about twice its stored bytes in the heap of the thread that
 * searches (96 MB for the search thread, 128 MB when the server searches on
 * its main thread, with the shell, the page caches and rendering): past this
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

/** Every docs version as a search names them, in menu order. */
export function searchVersionsOf(content: Pick<SiteContent, "versions">): SearchVersion[] {
  return content.versions.map(({ version }) => ({
    id: version.id,
    label: version.label,
    current: version.status === "current",
  }));
}

export interface SiteSearchParts {
  versions: SearchVersion[];
  /** The id of the version searched when a request names none. */
  current: string;
  readPart: PartReader;
  /** From a pack: which versions hold each compound term, in one record. */
  holders?: () => CompoundHolders;
  /** Heads kept loaded, by their stored bytes. */
  headBytes?: number;
  /** Postings kept decoded, in document-field pairs. */
  postings?: number;
}

/**
 * A search over an index read part by part with `readPart`, loading each
 * version's index when it is first searched, and keeping heads of at most
 * `headBytes` stored and `postings` document-field pairs decoded.
 */
export function openSiteSearch({
  versions,
  current,
  readPart,
  holders,
  headBytes = LOADED_HEAD_BYTES,
  postings = KEPT_POSTINGS,
}: SiteSearchParts): SiteSearch {
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
  // One record says which versions hold an identifier, without loading each version's index.
  const exactIn = holders
    ? (version: string, compounds: string[]) =>
        compounds.some((term) => versionsHolding(holders(), term).includes(version))
    : undefined;
  return new SiteSearch(indexOf, versions, current, exactIn);
}
