// The search index split by docs version and joined again, and each version's
// part split as the content pack stores it: a small head (MiniSearch's document
// statistics and every term), the display documents, and the terms' postings
// in blocks that a search reads when it needs their terms
// (docs/decisions/044-search-postings-on-disk.md).
import type { AsPlainObject } from "minisearch";
import { SEARCH_INDEX_FORMAT } from "./index-options";
import type { SearchDocument, SearchIndexData, VersionSearchData } from "./types";

/** One term and where it occurs: field id → document id → frequency, as MiniSearch saves it. */
export type TermPostings = AsPlainObject["index"][number];

/** What a version's search keeps loaded: enough to score any query, without the postings. */
export interface SearchHead {
  format: number;
  version: string;
  /** MiniSearch's saved index without its terms: document ids, field lengths, averages. */
  stats: Omit<AsPlainObject, "index">;
  /** Every term of the version, block after block. */
  terms: string[];
  /** Where each block of postings ends in `terms` (exclusive). */
  blockEnds: number[];
}

/** One version's part as the pack stores it. */
export interface SplitPart {
  head: SearchHead;
  documents: SearchDocument[];
  blocks: TermPostings[][];
}

/**
 * A block's size in JSON: small enough that a query's few terms read little
 * (a term that occurs everywhere is a block of its own), large enough that the
 * pack's index stays small (about 300 blocks per 1,000 pages).
 */
const BLOCK_BYTES = 16 * 1024;

/** Each version's part of `data`, as the build holds it. */
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

/** A version's part split into head, documents and blocks of postings. */
export function splitPart(part: VersionSearchData): SplitPart {
  const { index, ...stats } = part.index;
  const blocks: TermPostings[][] = [];
  let block: TermPostings[] = [];
  let bytes = 0;
  for (const entry of index) {
    block.push(entry);
    bytes += JSON.stringify(entry).length;
    if (bytes >= BLOCK_BYTES) {
      blocks.push(block);
      block = [];
      bytes = 0;
    }
  }
  if (block.length) blocks.push(block);
  const blockEnds: number[] = [];
  for (const each of blocks) blockEnds.push((blockEnds.at(-1) ?? 0) + each.length);
  return {
    head: { format: part.format, version: part.version, stats, terms: blocks.flat().map(([term]) => term), blockEnds },
    documents: part.documents,
    blocks,
  };
}

/** One version's stored index as a search reads it: the head at once, documents and postings when needed. */
export interface VersionSource {
  head: SearchHead;
  /** The stored size of the documents: what keeping them loaded is weighed by. */
  documentsBytes: number;
  documents(): SearchDocument[];
  block(n: number): TermPostings[];
}

/** A source over a part held in memory (the build's, or development's). */
export function inMemorySource(part: VersionSearchData): VersionSource {
  const split = splitPart(part);
  // Already in memory: keeping them costs nothing more.
  return { head: split.head, documentsBytes: 0, documents: () => split.documents, block: (n) => split.blocks[n] ?? [] };
}

/** The part again from its pieces (the inverse of splitPart). */
export function joinedPart(split: SplitPart): VersionSearchData {
  return {
    format: split.head.format,
    version: split.head.version,
    documents: split.documents,
    index: { ...split.head.stats, index: split.blocks.flat() },
  };
}
