import type { CompoundHolders } from "~/search/compound-holders";
import type { SearchHead, VersionSource } from "~/search/parts";
import type { SearchDocument } from "~/search/types";
import type { PackReader, RecordRef } from "./pack.server";

/** Where one version's search index lies in the pack (app/search/parts.ts). */
export interface StoredSearch {
  head: RecordRef;
  /** The table of a list of documents, one record each (RecordRun.addList). */
  documents: RecordRef;
  /**
   * The table of its blocks of postings, one record each (RecordRun.addList):
   * a table of integers rather than a ref each in the index, which every
   * server parses at start (2,400 blocks a version at 1,000 pages).
   */
  blocks: RecordRef;
  /** Its dictionary's order, binary (dictionaryOrder in app/search/dictionary.server.ts). */
  order: RecordRef;
}

/** Reads one version's part of the index, with its head's stored bytes; undefined for a version without one. */
export type PartReader = (version: string) => { source: VersionSource; bytes: number } | undefined;

/** How a search reads a pack's index: each version's part, and the one record of compound terms. */
export interface SearchRecords {
  readPart: PartReader;
  /** Which versions hold each compound term, read at the first call and kept. */
  holders: () => CompoundHolders;
}

/**
 * The search records of the pack `reader` reads, found through its index.
 * Only the index's `search` and `compounds` are needed: the search thread
 * (app/search/thread.server.ts) gets those, not the whole index of pages.
 */
export function searchRecordsOf(
  reader: PackReader<unknown>,
  index: { search: Record<string, StoredSearch>; compounds: RecordRef },
): SearchRecords {
  const readPart: PartReader = (version) => {
    const stored = Object.hasOwn(index.search, version) ? index.search[version] : undefined;
    if (!stored) return undefined;
    const documents = reader.list(stored.documents);
    const blocks = reader.list(stored.blocks);
    const source: VersionSource = {
      head: reader.record<SearchHead>(stored.head),
      document: (id) => documents.item<SearchDocument>(id),
      block: (n) => blocks.bytesOf(n),
      order: () => reader.bytes(stored.order),
    };
    return { source, bytes: stored.head[1] };
  };
  let holders: CompoundHolders | undefined;
  return { readPart, holders: () => (holders ??= reader.record<CompoundHolders>(index.compounds)) };
}
