// The search index split by docs version and joined again: the build keeps
// one SearchIndexData, the pack stores one record per version.
import { SEARCH_INDEX_FORMAT } from "./index-options";
import type { SearchIndexData, VersionSearchData } from "./types";

/** Each version's part of `data`, as the pack stores it. */
export function versionParts(data: SearchIndexData): VersionSearchData[] {
  let start = 0;
  return data.versions.map(({ version, count, index }) => {
    const documents = data.documents.slice(start, start + count);
    start += count;
    return { format: data.format, version, documents, index };
  });
}

/** The whole index again from its parts (the inverse of versionParts). */
export function joinedParts(parts: VersionSearchData[]): SearchIndexData {
  return {
    format: parts[0]?.format ?? SEARCH_INDEX_FORMAT,
    documents: parts.flatMap((part) => part.documents),
    versions: parts.map(({ version, documents, index }) => ({ version, count: documents.length, index })),
  };
}
