import MiniSearch from "minisearch";
import { Lru } from "~/lib/lru";
import { TermDictionary } from "./dictionary.server";
import { highlight, snippet } from "./highlight";
import type { SearchLimits } from "./limits";
import { INDEX_OPTIONS, INDEXED_FIELDS, SEARCH_INDEX_FORMAT, type IndexedFields } from "./index-options";
import { decodeTerm, inMemorySource, type TermLists, type VersionSource } from "./parts";
import {
  BM25,
  type Expansion,
  EXPANSION_WEIGHTS,
  expansionOf,
  type MatchDetails,
  type Matches,
  scoreQuery,
  type TermSpec,
  VersionStats,
} from "./scoring.server";
import { cleanQuery, queryTerms, spacedWords } from "./text";
import type { Highlighted, SearchAnswer, SearchDocument, SearchHit, SearchScope, SearchVersion } from "./types";

/**
 * Field weights: a word in a page title, an API path or the page's one-line
 * description (what the whole page is about) outranks the same word in a
 * heading, which outranks it in the body; code counts least.
 */
const BOOST: Record<keyof Omit<IndexedFields, "id">, number> = {
  title: 6,
  heading: 3,
  endpoint: 9,
  description: 6,
  text: 1,
  code: 0.5,
};
/** Each further matching section adds this share of its score to its page. */
const SECTION_SHARE = 0.15;
/** A section holding the query's words side by side ("docker compose") counts this many times more. */
const PHRASE_BOOST = 2;
/** A section holding a searched identifier or path as one token ("smriti_job_concurrency") ranks above every looser match. */
const EXACT_BOOST = 1000;
const PREFIX_MIN_LENGTH = 2;
const FUZZY_MIN_LENGTH = 4;
/** At most this many typos in a term, however long. */
const MAX_FUZZY = 2;
/** Prefix and fuzzy expansion of very long terms costs time and finds nothing useful. */
const EXPAND_MAX_LENGTH = 30;
/** Expansions kept across versions, by their estimated heap: a term's take 1.7 KB on average at 10,000 pages, 2.6 KB at most. */
const EXPANSION_BYTES = 1024 * 1024;

const single = (text: string) => [text];
const same = (term: string) => term;

/**
 * One term of a search: searched exactly and by prefix; a plain word also
 * with one or two typos. A word the version's index already finds (a term is
 * the word or starts with it) takes as typos only itself cut short
 * ("examples" finds "example"): with every typo neighbour, "port" also found
 * "post", and every POST operation of the API reference ranked above the
 * pages about ports by the endpoint's boost. A word that finds nothing keeps
 * them all ("instalation" finds "installation")
 * (docs/decisions/060-typos-only-for-words-that-find-nothing.md).
 */
function termSpec(term: string, compound: boolean, dictionary: TermDictionary): TermSpec {
  const expand = term.length <= EXPAND_MAX_LENGTH;
  const fuzzy = expand && !compound && term.length >= FUZZY_MIN_LENGTH ? 0.2 : false;
  return {
    term,
    prefix: expand && term.length >= PREFIX_MIN_LENGTH,
    fuzzy,
    shortenedOnly: fuzzy !== false && dictionary.startsAny(term),
  };
}

/**
 * The query MiniSearch would score as `VersionIndex.find` scores `specs`, any
 * of them matching: tests run it through MiniSearch to check the scoring
 * (scoring.server.ts). MiniSearch has no typos limited to a word cut short,
 * so it takes no spec with `shortenedOnly`.
 */
export function minisearchQuery(specs: TermSpec[]) {
  const queries = specs.map(({ term, prefix, fuzzy, shortenedOnly }) => {
    if (shortenedOnly) throw new Error(`MiniSearch cannot search "${term}" with its shortened forms only`);
    return { queries: [term] as [string], tokenize: single, processTerm: same, prefix, fuzzy };
  });
  return {
    query: { combineWith: "OR" as const, queries },
    options: { boost: BOOST, maxFuzzy: MAX_FUZZY, bm25: BM25, weights: EXPANSION_WEIGHTS },
  };
}

/** A page's hit before it is shown: its best section, and the other matching sections, best first. */
interface Group {
  best: number;
  others: number[];
}

function markedOrNull(text: string, terms: ReadonlySet<string>): Highlighted | null {
  return text ? highlight(text, terms) : null;
}

/** Whether every word the section matched is in its title: then the page as a whole is the answer. */
function matchedByTitle(details: MatchDetails): boolean {
  return Object.values(details.match).every((fields) => fields.includes("title"));
}

function toHit(group: Group, found: Found, limits: SearchLimits): SearchHit {
  const { from, matches } = found;
  const idOf = (doc: number) => matches.stats.ids[doc]!;
  const bestId = idOf(group.best);
  const openingId = from.openingOf(bestId);
  const details = matches.details(group.best);
  const terms = new Set(details.terms);
  // A title match leads to the top of the page, with the matching sections listed below it.
  const pageWide = openingId !== bestId && matchedByTitle(details);
  const document = from.document(pageWide ? openingId : bestId)!;
  const sections = pageWide ? [group.best, ...group.others] : group.others;
  const fromText = snippet(document.text, terms);
  const fromCode = fromText.matched || !document.code ? null : snippet(document.code, terms);
  const useCode = fromCode !== null && (fromCode.matched || !document.text);
  const [method = "", path = ""] = document.endpoint.split(" ");
  return {
    kind: document.kind,
    version: document.version,
    url: document.url,
    title: highlight(document.title, terms),
    trail: document.trail,
    section: markedOrNull(document.heading, terms),
    endpoint: document.endpoint ? { method, path: highlight(path, terms) } : null,
    snippet: useCode ? fromCode.parts : fromText.parts,
    snippetIsCode: useCode,
    more: moreSections(sections, found, limits.sectionsPerHit),
  };
}

/** The first `count` of a hit's other sections that have a heading, with it marked: only those are read. */
function moreSections(sections: number[], { from, matches }: Found, count: number): SearchHit["more"] {
  const more: SearchHit["more"] = [];
  for (const doc of sections) {
    if (more.length === count) break;
    const other = from.document(matches.stats.ids[doc]!);
    if (other?.heading)
      more.push({ url: other.url, heading: highlight(other.heading, new Set(matches.details(doc).terms)) });
  }
  return more;
}

export class IndexFormatError extends Error {
  constructor(found: unknown) {
    super(
      `the search index has format ${String(found)}, this server reads format ${SEARCH_INDEX_FORMAT}: run "npm run build"`,
    );
    this.name = "IndexFormatError";
  }
}

/** A stored document as a search keeps it: with its words for the phrase check once a query checked them. */
interface KeptDocument {
  document: SearchDocument;
  /** The document's words in lower case, space-separated with a space at each end; null until a query needs them. */
  phrase: string | null;
}

/** About what a kept document holds: its text, in bytes of one-byte strings, and the object around it. */
function weightOf(document: SearchDocument): number {
  return (
    256 +
    document.text.length +
    document.code.length +
    document.title.length +
    document.heading.length +
    document.url.length +
    document.group.length
  );
}

/**
 * More documents than a version can have: its head, at most MAX_VERSION_INDEX_BYTES (16 MB), takes
 * about 50 bytes a document, so about 330,000.
 */
const DOCUMENTS_PER_VERSION = 2 ** 21;

/**
 * What the versions' indexes keep loaded, shared by all of them so that the
 * total stays bounded however many versions are searched: the documents
 * read (with their phrase text) and converted postings.
 */
export class SearchCaches {
  /** By documentBase + id: numbers, which a Map hashes faster than strings (a search reads hundreds). */
  readonly documents: Lru<number, KeptDocument>;
  readonly postings: Lru<string, TermLists>;
  /**
   * Query terms' expansions in the dictionary, by version and term spec: the
   * words of a query typed letter by letter, and common words, come again and
   * again, and finding a term's typos walks the dictionary (7 % of a
   * search at 10,000 pages).
   */
  readonly expansions = new Lru<string, Expansion>(EXPANSION_BYTES);
  private readonly versions = new Map<string, number>();

  /** What `version`'s document ids are added to for their keys in `documents`: the same each time it is loaded. */
  documentBase(version: string): number {
    let number = this.versions.get(version);
    if (number === undefined) this.versions.set(version, (number = this.versions.size));
    return number * DOCUMENTS_PER_VERSION;
  }

  /**
   * @param documentBytes documents kept, by weightOf and their phrase text's length
   * @param postings postings kept converted, in document-field pairs (8 bytes each, in typed arrays)
   */
  constructor(documentBytes: number, postings: number) {
    this.documents = new Lru(documentBytes);
    this.postings = new Lru(postings);
  }
}

/**
 * One docs version's index. It keeps the document statistics, a
 * dictionary of its terms and each document's page; a query's terms (with
 * their prefix and fuzzy neighbours, found in the dictionary by MiniSearch's
 * own rules) have their postings read from the store and scored as
 * MiniSearch scores them over the whole index (scoring.server.ts), and the
 * documents it shows or checks for a phrase are read one by one. So memory
 * grows with what is searched, not with the version's size
 * (docs/decisions/044-search-postings-on-disk.md,
 * docs/decisions/048-pages-kept-compressed-and-documents-read-one-by-one.md).
 */
export class VersionIndex {
  private readonly version: string;
  /** Added to a document's id for its key in the shared cache. */
  private readonly documentBase: number;
  private readonly stats: VersionStats;
  /** Every term, and its place in the saved index. */
  private readonly dictionary: TermDictionary;
  /** Where each block of postings ends in the saved index's terms (exclusive). */
  private readonly blockEnds: number[];
  /** Each stored document's page number (SearchHead.pages). */
  readonly groupOf: Int32Array;
  /** How many pages the version's documents belong to. */
  readonly groups: number;
  /** Each page's first document: its opening. */
  private readonly openings: Int32Array;
  /** The store, without the head: what the constructor took from it is all a search keeps. */
  private readonly read: Pick<VersionSource, "document" | "block">;

  static load(source: VersionSource, caches: SearchCaches): VersionIndex {
    if (source.head.format !== SEARCH_INDEX_FORMAT) throw new IndexFormatError(source.head.format);
    return new VersionIndex(source, caches);
  }

  /** A version with nothing indexed (no docs pages and no API reference). */
  static empty(): VersionIndex {
    const index = new MiniSearch<IndexedFields>(INDEX_OPTIONS).toJSON();
    const source = inMemorySource({ format: SEARCH_INDEX_FORMAT, version: "", documents: [], index });
    return new VersionIndex(source, new SearchCaches(0, 0));
  }

  private constructor(
    { head, document, block, order }: VersionSource,
    private readonly caches: SearchCaches,
  ) {
    this.version = head.version;
    this.documentBase = caches.documentBase(head.version);
    this.stats = new VersionStats(head.stats, INDEXED_FIELDS, BOOST);
    this.dictionary = new TermDictionary(head.terms, order());
    this.blockEnds = head.blockEnds;
    this.groupOf = Int32Array.from(head.pages);
    this.groups = head.pages.reduce((most, page) => Math.max(most, page + 1), 0);
    this.openings = new Int32Array(this.groups).fill(-1);
    this.groupOf.forEach((page, id) => {
      if (this.openings[page] === -1) this.openings[page] = id;
    });
    this.read = { document, block };
  }

  /** The block holding the term at `place`. */
  private blockOf(place: number): number {
    const ends = this.blockEnds;
    let low = 0;
    let high = ends.length - 1;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (ends[middle]! > place) high = middle;
      else low = middle + 1;
    }
    return low;
  }

  /** Document `id`, kept in the shared cache once read; undefined for none. */
  private kept(id: number): KeptDocument | undefined {
    const key = this.documentBase + id;
    const kept = this.caches.documents.get(key);
    if (kept) return kept;
    const document = this.read.document(id);
    if (!document) return undefined;
    const read = { document, phrase: null };
    this.caches.documents.set(key, read, weightOf(document));
    return read;
  }

  /** Stored document `id` (MiniSearch's ids are positions in the version's documents). */
  document(id: number): SearchDocument | undefined {
    return this.kept(id)?.document;
  }

  /** The first document of document `id`'s page (the page's opening). */
  openingOf(id: number): number {
    return this.openings[this.groupOf[id]!] ?? id;
  }

  /** Document `id`'s words in lower case, space-separated with a space at each end, for the phrase check. */
  phraseTextOf(id: number): string {
    const kept = this.kept(id);
    if (!kept) return "";
    if (kept.phrase === null) {
      const { title, heading, text } = kept.document;
      kept.phrase = spacedWords(`${title} ${heading} ${text}`);
      this.caches.documents.set(this.documentBase + id, kept, weightOf(kept.document) + kept.phrase.length);
    }
    return kept.phrase;
  }

  /**
   * The postings of `terms`, reading the blocks of those not kept. Those read
   * for a version a search in all versions passes through are kept only if
   * they fit: forty versions' postings do not, and each would push out what
   * the next search in the reader's own version reads.
   */
  private listsOf(terms: Set<string>, passing: boolean): Map<string, TermLists> {
    const found = new Map<string, TermLists>();
    const toRead = new Map<number, Set<string>>();
    const key = (term: string) => `${this.version}\u0000${term}`;
    for (const term of terms) {
      const kept = this.caches.postings.get(key(term));
      if (kept) found.set(term, kept);
      else {
        const block = this.blockOf(this.dictionary.place(term)!);
        toRead.set(block, (toRead.get(block) ?? new Set<string>()).add(term));
      }
    }
    const { blockEnds } = this;
    for (const [block, wanted] of toRead) {
      const bytes = this.read.block(block);
      const start = blockEnds[block - 1] ?? 0;
      for (const term of wanted) {
        const { lists, postings } = decodeTerm(bytes, this.dictionary.place(term)! - start);
        if (passing) this.caches.postings.setIfRoom(key(term), lists, postings);
        else this.caches.postings.set(key(term), lists, postings);
        found.set(term, lists);
      }
    }
    return found;
  }

  /**
   * Every term searched at once, any of them matching; the sections that hold
   * all the words are picked out after. `passing`: for a search in all
   * versions, in a version other than the reader's.
   */
  find(
    words: string[],
    compounds: string[],
    passing = false,
    /** The terms' specs: as `specs` makes them, unless a test changes them. */
    specs = this.specs(words, compounds),
  ): Matches {
    const expansions = specs.map((spec) => this.expansionOf(spec, passing));
    const lists = this.listsOf(new Set(expansions.flatMap((expansion) => expansion.map(([term]) => term))), passing);
    return scoreQuery(specs, expansions, (term) => lists.get(term)!, this.stats, new Set(compounds));
  }

  /** The specs of a search's words, then its compounds, in this version. */
  specs(words: string[], compounds: string[]): TermSpec[] {
    return [
      ...words.map((word) => termSpec(word, false, this.dictionary)),
      ...compounds.map((term) => termSpec(term, true, this.dictionary)),
    ];
  }

  /** The index terms `spec` matches, kept for the next query that has it. */
  private expansionOf(spec: TermSpec, passing: boolean): Expansion {
    const key = `${this.version}\u0000${spec.term}\u0000${spec.prefix}\u0000${spec.fuzzy}\u0000${spec.shortenedOnly}`;
    let expansion = this.caches.expansions.get(key);
    if (expansion === undefined) {
      expansion = expansionOf(spec, this.dictionary, MAX_FUZZY);
      // Its terms' characters (two bytes each) and an entry's arrays, roughly.
      const weight = key.length * 2 + expansion.reduce((sum, [term]) => sum + term.length * 2 + 48, 64);
      if (passing) this.caches.expansions.setIfRoom(key, expansion, weight);
      else this.caches.expansions.set(key, expansion, weight);
    }
    return expansion;
  }

  /** Whether a section holds one of `compounds` as a token of its own. */
  holdsExactly(compounds: string[]): boolean {
    return compounds.some((term) => this.dictionary.has(term));
  }
}

/**
 * One version's share of an answer: how many hits it has and its best ones,
 * with their scores for merging. A hit is made only if it is among those the
 * answer shows (a search in all versions ranks each version's best, and shows
 * a few of them): making one reads its documents and cuts its snippet.
 */
interface VersionRanking {
  total: number;
  top: { score: number; hit: () => SearchHit }[];
  /** Whether a section found holds a searched identifier exactly. */
  exact: boolean;
}

/** A version's matches for a query, with the index whose documents they point into. */
interface Found {
  from: VersionIndex;
  matches: Matches;
}

/**
 * Sections grouped by page: each page's sections are one run of `order`, in
 * the order given; `pages` lists the pages that have any, by their first.
 */
interface PageRuns {
  order: Int32Array;
  /** Where page p's run starts in `order`; it ends where page p + 1's starts. */
  start: Int32Array;
  pages: number[];
}

function pageRuns(docs: Int32Array, pageOf: (doc: number) => number, groups: number): PageRuns {
  const start = new Int32Array(groups + 1);
  const pages: number[] = [];
  for (const doc of docs) {
    const page = pageOf(doc);
    if (start[page + 1] === 0) pages.push(page);
    start[page + 1] = start[page + 1]! + 1;
  }
  for (let page = 0; page < groups; page += 1) start[page + 1] = start[page + 1]! + start[page]!;
  const next = start.slice(0, groups);
  const order = new Int32Array(docs.length);
  for (const doc of docs) {
    const page = pageOf(doc);
    order[next[page]!] = doc;
    next[page] = next[page]! + 1;
  }
  return { order, start, pages };
}

/** Longer runs than this are sorted by the engine's sort, shorter ones by insertion. */
const INSERTION_RUN = 48;

/** Sorts the runs of `pages` so that a section comes before every one that `before` says it precedes (a strict total order). */
function sortRuns(runs: PageRuns, pages: number[], before: (a: number, b: number) => boolean): void {
  const { order, start } = runs;
  for (const page of pages) {
    const from = start[page]!;
    const end = start[page + 1]!;
    if (end - from > INSERTION_RUN) {
      order.set(
        Array.from(order.subarray(from, end)).sort((a, b) => (before(a, b) ? -1 : 1)),
        from,
      );
      continue;
    }
    for (let i = from + 1; i < end; i += 1) {
      const doc = order[i]!;
      let j = i - 1;
      for (; j >= from && before(doc, order[j]!); j -= 1) order[j + 1] = order[j]!;
      order[j + 1] = doc;
    }
  }
}

/**
 * The pages that can still be among the `count` best once phrases are
 * checked: a phrase at most doubles a section's score, so a page whose
 * highest possible score stays under the `count`-th best lowest possible one
 * cannot rise that far, and its sections' text need not be read. Both bounds
 * follow the page score below (its best section in full, a share of each
 * other one), summed in the runs' order. Null when every page can.
 */
function phraseCandidates(
  runs: PageRuns,
  score: Float64Array,
  groups: number,
  exactBoost: (doc: number) => number,
  count: number,
): Uint8Array | null {
  const { order, start, pages } = runs;
  if (pages.length <= count) return null;
  const share = (top: number, all: number) => (1 - SECTION_SHARE) * top + SECTION_SHARE * all;
  const lows = new Float64Array(pages.length);
  const highs = new Float64Array(pages.length);
  pages.forEach((page, n) => {
    let sum = 0;
    let best = 0;
    let bestExact = 0;
    for (let i = start[page]!; i < start[page + 1]!; i += 1) {
      const doc = order[i]!;
      const boosted = score[doc]! * exactBoost(doc);
      sum += boosted;
      best = Math.max(best, score[doc]!);
      bestExact = Math.max(bestExact, boosted);
    }
    lows[n] = share(best, sum);
    highs[n] = PHRASE_BOOST * share(bestExact, sum);
  });
  // A hair of slack for rounding: the page scores below are summed after phrases change some sections' order.
  const bar = lows.sort()[pages.length - count]! * (1 - 1e-9);
  const candidates = new Uint8Array(groups);
  pages.forEach((page, n) => {
    if (highs[n]! >= bar) candidates[page] = 1;
  });
  return candidates;
}

/**
 * Ranks sections `docs` of a version's matches (in the order first matched):
 * sections of one page form one hit, ranked by its best section plus a
 * little for each other one; each API operation is a hit of its own.
 * `phrases` checks for the query's words side by side.
 *
 * The order is the one a sort of all of them by score (highest first, ties
 * in the order first matched) then by page score would give, but only each
 * page's sections are sorted, and only the pages shown are put in order: a
 * query of common words matches most of a version's sections, and sorting
 * them all was a fifth of a search at 10,000 pages (decision 050).
 */
function rank(found: Found, docs: Int32Array, words: string[], limits: SearchLimits, phrases: boolean): VersionRanking {
  const { from, matches } = found;
  const { score: matched, position } = matches;
  const score = matches.adjustable(docs);
  const { ids } = matches.stats;
  const { groupOf, groups } = from;
  const pageOf = (doc: number) => groupOf[ids[doc]!]!;
  // Exact: the section holds a searched compound itself, not only a fuzzy neighbour or its words apart.
  const exact = (doc: number) => matches.exact[doc] === 1;
  // Ranked order: the adjusted score, then the score as matched, then the order matched.
  const before = (a: number, b: number) =>
    score[a]! > score[b]! ||
    (score[a] === score[b] &&
      (matched[a]! > matched[b]! || (matched[a] === matched[b] && position[a]! < position[b]!)));
  const runs = pageRuns(docs, pageOf, groups);
  let ranked = runs.pages;
  sortRuns(runs, ranked, before);
  if (phrases && words.length > 1) {
    const candidates = phraseCandidates(runs, score, groups, (doc) => (exact(doc) ? EXACT_BOOST : 1), limits.hits);
    if (candidates) ranked = ranked.filter((page) => candidates[page] === 1);
    const phrase = ` ${words.join(" ")}`;
    for (const page of ranked)
      for (let i = runs.start[page]!; i < runs.start[page + 1]!; i += 1) {
        const doc = runs.order[i]!;
        if (from.phraseTextOf(ids[doc]!).includes(phrase)) score[doc] = score[doc]! * PHRASE_BOOST;
      }
    sortRuns(runs, ranked, before);
  }
  const final = (doc: number) => (exact(doc) ? score[doc]! * EXACT_BOOST : score[doc]!);
  // Each page's best section is the first of its run; its score, and a share of each other one's, in run order.
  const pageScore = new Float64Array(groups);
  for (const page of ranked) {
    const end = runs.start[page + 1]!;
    let sum = final(runs.order[runs.start[page]!]!);
    for (let i = runs.start[page]! + 1; i < end; i += 1) sum += final(runs.order[i]!) * SECTION_SHARE;
    pageScore[page] = sum;
  }
  const bestOf = (page: number) => runs.order[runs.start[page]!]!;
  const pageBefore = (p: number, q: number) =>
    pageScore[p]! > pageScore[q]! || (pageScore[p] === pageScore[q] && before(bestOf(p), bestOf(q)));
  // The best pages, kept in order as they are found.
  const top: number[] = [];
  for (const page of ranked) {
    if (top.length === limits.hits && !pageBefore(page, top[top.length - 1]!)) continue;
    if (top.length === limits.hits) top.pop();
    let at = top.length;
    while (at > 0 && pageBefore(page, top[at - 1]!)) at -= 1;
    top.splice(at, 0, page);
  }
  return {
    total: runs.pages.length,
    top: top.map((page) => ({
      score: pageScore[page]!,
      hit: () =>
        toHit(
          { best: bestOf(page), others: Array.from(runs.order.subarray(runs.start[page]! + 1, runs.start[page + 1]!)) },
          found,
          limits,
        ),
    })),
    exact: docs.some(exact),
  };
}

/**
 * One version searched: its sections that hold every word (`strict`), and,
 * when it has none, those that hold any (`loose`), for when no version has a
 * section with every word. Only rankings are returned, nothing that holds on
 * to the version's index.
 */
function searchVersion(
  index: VersionIndex,
  words: string[],
  compounds: string[],
  limits: SearchLimits,
  passing = false,
) {
  const matches = index.find(words, compounds, passing);
  const found = { from: index, matches };
  const any = matches.seen;
  const every = matches.bitsOf(words);
  const all = any.filter((doc) => (matches.mask[doc]! & every) === every);
  const strict = rank(found, all, words, limits, true);
  // A section holding the words side by side holds every word: none of the loose results can, so no phrase check.
  return { strict, loose: strict.total > 0 ? strict : rank(found, any, words, limits, false) };
}

/**
 * One version counted but not ranked: how many pages hold every word
 * (`strict`) and any (`loose`), with no hits. For a search in all versions
 * whose own version's hits fill the answer: the others only add to the total,
 * and counting needs no documents.
 */
function countVersion(index: VersionIndex, words: string[], compounds: string[]) {
  const matches = index.find(words, compounds, true);
  const every = matches.bitsOf(words);
  const pages = { strict: new Set<number>(), loose: new Set<number>() };
  const exact = { strict: false, loose: false };
  for (const doc of matches.seen) {
    const page = index.groupOf[matches.stats.ids[doc]!]!;
    const held = matches.exact[doc] === 1;
    pages.loose.add(page);
    exact.loose ||= held;
    if ((matches.mask[doc]! & every) !== every) continue;
    pages.strict.add(page);
    exact.strict ||= held;
  }
  const strict: VersionRanking = { total: pages.strict.size, top: [], exact: exact.strict };
  return { strict, loose: strict.total > 0 ? strict : { total: pages.loose.size, top: [], exact: exact.loose } };
}

/**
 * The site's search, over the per-version indexes the build wrote: only the
 * versions a search looks in are asked for (`indexOf`, which decides what
 * stays loaded). The versions a search in all versions passes through are
 * asked for as `passing`: kept if they fit, never in place of others, so a
 * site with more versions than fit in memory reads again only those that do
 * not fit, not every one in turn.
 */
export class SiteSearch {
  /**
   * @param versions every docs version in menu order; the one with `current`
   * is searched when a request names no version, or one that does not exist.
   */
  constructor(
    private readonly indexOf: (version: string, passing: boolean) => VersionIndex,
    private readonly versions: SearchVersion[],
    private readonly current: string,
    /** Whether a version holds any of the compound terms exactly: by default, as its index says. */
    private readonly exactIn: (version: string, compounds: string[]) => boolean = (version, compounds) =>
      indexOf(version, true).holdsExactly(compounds),
  ) {}

  /** The scope a request asks for: `version` is a version id or "all"; anything else means the current release. */
  scope(version: unknown, reading: unknown = null): SearchScope {
    const known = (id: unknown): id is string => this.versions.some((v) => v.id === id);
    if (version === "all") return { version: known(reading) ? reading : this.current, all: true };
    return { version: known(version) ? version : this.current, all: false };
  }

  /**
   * Sections that hold every word of the query, or, when none does, those that
   * hold any. Sections of one page form one hit, ranked by its best section
   * plus a little for each other one; each API operation is a hit of its own.
   * Only the scope's version is searched, or, for all versions, its hits come
   * first.
   */
  search(
    rawQuery: unknown,
    limits: SearchLimits,
    scope: SearchScope = { version: this.current, all: false },
  ): SearchAnswer {
    const { text, truncated } = cleanQuery(rawQuery);
    const { words, compounds } = queryTerms(text);
    const answer = { query: text, truncated, scope, versions: this.versions };
    if (words.length === 0 && compounds.length === 0) return { ...answer, total: 0, hits: [] };

    // A later page ranks the hits before it too, and makes only its own.
    const from = limits.from ?? 0;
    const ranked = { ...limits, hits: from + limits.hits };
    // One version after another, keeping only its best hits: an "all versions"
    // search holds one version's documents at a time, not every version's.
    const own = searchVersion(this.indexOf(scope.version, false), words, compounds, ranked);
    // Its hits come first in an answer over all versions: when they fill it, the others are only counted.
    const filled = own.strict.total >= ranked.hits;
    const searched = scope.all ? this.versions.map((v) => v.id) : [scope.version];
    const perVersion = searched.map((version) => {
      if (version === scope.version) return { version, ...own };
      const index = this.indexOf(version, true);
      return {
        version,
        ...(filled ? countVersion(index, words, compounds) : searchVersion(index, words, compounds, ranked, true)),
      };
    });
    // As over one pool of sections: when any version has sections with every word, only those count.
    const strict = perVersion.some((found) => found.strict.total > 0);
    const rankings = perVersion.map((found) => ({ version: found.version, ...(strict ? found.strict : found.loose) }));
    // No exact hit here but in another version: the answer names those versions, to offer them.
    const exactElsewhere =
      compounds.length > 0 && !scope.all && !rankings.some((ranking) => ranking.exact)
        ? this.versions.filter((v) => v.id !== scope.version && this.exactIn(v.id, compounds))
        : [];
    const readFirst = (version: string) => (version === scope.version ? 0 : 1);
    const merged = rankings
      .flatMap(({ version, top }) => top.map((entry) => ({ ...entry, first: readFirst(version) })))
      .sort((a, b) => a.first - b.first || b.score - a.score);
    return {
      ...answer,
      ...(exactElsewhere.length ? { exactElsewhere } : {}),
      total: rankings.reduce((sum, ranking) => sum + ranking.total, 0),
      // Made now, before any other search: a version's matches live in arrays its next search reuses.
      hits: merged.slice(from, from + limits.hits).map(({ hit }) => hit()),
      ...(from ? { from } : {}),
    };
  }
}
