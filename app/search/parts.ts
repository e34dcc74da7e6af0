// The search index split by docs version and joined again, and each version's
// part split as the content pack stores it: a small head (MiniSearch's document
// statistics and every term), the display documents, and the terms' postings
// in binary blocks that a search reads when it needs their terms
// (docs/decisions/044-search-postings-on-disk.md,
// docs/decisions/047-search-scoring-on-typed-arrays.md).
import type { AsPlainObject } from "minisearch";
import { dictionaryOrder } from "./dictionary.server";
import { SEARCH_INDEX_FORMAT } from "./index-options";
import type { SearchDocument, SearchIndexData, VersionSearchData } from "./types";

/** One term and where it occurs: field id → document id → frequency, as MiniSearch saves it. */
export type TermPostings = AsPlainObject["index"][number];

/** Where a term occurs in one field: documents in ascending order, with the term's frequency in each. */
export interface FieldPostings {
  docs: Int32Array;
  freqs: Int32Array;
}

/** A term's postings by field id, as a search scores them. */
export type TermLists = (FieldPostings | undefined)[];

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
  /**
   * Each document's page, numbered from 0 in order of first appearance
   * (sections of one page, or one API operation, share it): what ranking
   * and counting need of the documents, without reading them.
   */
  pages: number[];
}

/** Each document's page number, as SearchHead.pages holds them. */
function pageNumbers(documents: SearchDocument[]): number[] {
  const numbers = new Map<string, number>();
  return documents.map((document) => {
    let number = numbers.get(document.group);
    if (number === undefined) numbers.set(document.group, (number = numbers.size));
    return number;
  });
}

/** One version's part as the pack stores it. */
export interface SplitPart {
  head: SearchHead;
  documents: SearchDocument[];
  /** Binary blocks of postings (encodeBlock). */
  blocks: Buffer[];
  /** The order of its dictionary (dictionaryOrder of head.terms), binary. */
  order: Buffer;
}

/**
 * A block's size: a query reads a block for each of its terms (about 24 with
 * their prefix and typo neighbours), so small blocks read little. At 16 KB a
 * unique search at 10,000 pages read 490 KB of blocks, at 2 KB 120 KB, and the
 * engine took a tenth less time. A term that occurs everywhere is a block of
 * its own. The blocks' places are a table in the pack (about 2,400 entries
 * per 1,000 pages), read at a version's first search.
 */
const BLOCK_BYTES = 2 * 1024;

// A block is 32-bit little-endian integers, so that a term's postings are
// read into typed arrays without parsing: the block's term count n, then n + 1
// offsets (in integers from the block's start) where each term's entry starts
// and the last one ends; an entry is its field count, then for each field its
// id, its document count m, m document ids in ascending order and m
// frequencies. Typed arrays use the machine's byte order: little-endian on
// every platform Node runs on here (x64, arm64).

/** A term's entry in a block: its postings as 32-bit integers. */
function entryOf(fields: TermPostings[1]): number[] {
  const entry = [Object.keys(fields).length];
  for (const [field, documents] of Object.entries(fields)) {
    // Integer keys enumerate in ascending order: the order MiniSearch walks them in.
    const ids = Object.keys(documents);
    entry.push(Number(field), ids.length);
    for (const id of ids) entry.push(Number(id));
    for (const id of ids) entry.push(documents[id]!);
  }
  return entry;
}

/** Terms' postings as one binary block. */
function encodeBlock(entries: number[][]): Buffer {
  const head = entries.length + 2;
  const integers = new Int32Array(head + entries.reduce((sum, entry) => sum + entry.length, 0));
  integers[0] = entries.length;
  let at = head;
  entries.forEach((entry, n) => {
    integers[n + 1] = at;
    integers.set(entry, at);
    at += entry.length;
  });
  integers[entries.length + 1] = at;
  return Buffer.from(integers.buffer);
}

/** The integers of `block` from `start` to `end`, copied into an array of their own (aligned, and not keeping the block alive). */
function integersOf(block: Uint8Array, start: number, end: number): Int32Array {
  return new Int32Array(new Uint8Array(block.subarray(start * 4, end * 4)).buffer);
}

/** The postings of the block's term number `n`, with how many document-field pairs they hold. */
export function decodeTerm(block: Uint8Array, n: number): { lists: TermLists; postings: number } {
  const [start, end] = integersOf(block, n + 1, n + 3);
  const entry = integersOf(block, start!, end!);
  const lists: TermLists = [];
  let postings = 0;
  let at = 1;
  for (let field = 0; field < entry[0]!; field += 1) {
    const id = entry[at]!;
    const count = entry[at + 1]!;
    at += 2;
    lists[id] = { docs: entry.subarray(at, at + count), freqs: entry.subarray(at + count, at + 2 * count) };
    at += 2 * count;
    postings += count;
  }
  return { lists, postings };
}

/** The block's terms' postings as MiniSearch saves them (the inverse of encoding `terms`' entries). */
function decodeBlock(block: Uint8Array, terms: string[]): TermPostings[] {
  return terms.map((term, n) => {
    const fields: TermPostings[1] = {};
    decodeTerm(block, n).lists.forEach((list, field) => {
      if (!list) return;
      const documents: Record<string, number> = {};
      list.docs.forEach((doc, i) => (documents[doc] = list.freqs[i]!));
      fields[field] = documents;
    });
    return [term, fields];
  });
}

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
  const blocks: Buffer[] = [];
  const blockEnds: number[] = [];
  let block: number[][] = [];
  let bytes = 0;
  const close = () => {
    blocks.push(encodeBlock(block));
    blockEnds.push((blockEnds.at(-1) ?? 0) + block.length);
    block = [];
    bytes = 0;
  };
  for (const [, fields] of index) {
    const entry = entryOf(fields);
    block.push(entry);
    bytes += 4 * entry.length;
    if (bytes >= BLOCK_BYTES) close();
  }
  if (block.length) close();
  const terms = index.map(([term]) => term);
  return {
    head: {
      format: part.format,
      version: part.version,
      stats,
      terms,
      blockEnds,
      pages: pageNumbers(part.documents),
    },
    documents: part.documents,
    blocks,
    order: dictionaryOrder(terms),
  };
}

/** One version's stored index as a search reads it: the head at once, a document or a block of postings when needed. */
export interface VersionSource {
  head: SearchHead;
  /** Document `id` (a position in the version's documents), read each time it is asked for; undefined past the end. */
  document(id: number): SearchDocument | undefined;
  /** Binary block `n` of postings (its terms are those of `head.terms` up to `head.blockEnds[n]`). */
  block(n: number): Uint8Array;
  /** The order of its dictionary, as SplitPart.order holds it. */
  order(): Uint8Array;
}

/** A source over a part held in memory (the build's, or development's). */
export function inMemorySource(part: VersionSearchData): VersionSource {
  const split = splitPart(part);
  // Already in memory: keeping them costs nothing more.
  return {
    head: split.head,
    document: (id) => split.documents[id],
    block: (n) => split.blocks[n] ?? new Uint8Array(),
    order: () => split.order,
  };
}

/** The part again from its pieces (the inverse of splitPart). */
export function joinedPart(split: {
  head: SearchHead;
  documents: SearchDocument[];
  blocks: Uint8Array[];
}): VersionSearchData {
  const { head } = split;
  const index = split.blocks.flatMap((block, n) =>
    decodeBlock(block, head.terms.slice(head.blockEnds[n - 1] ?? 0, head.blockEnds[n])),
  );
  return { format: head.format, version: head.version, documents: split.documents, index: { ...head.stats, index } };
}
