import MiniSearch, { type SearchResult } from "minisearch";
import SearchableMap from "minisearch/SearchableMap";
import { Lru } from "~/lib/lru";
import { highlight, snippet } from "./highlight";
import type { SearchLimits } from "./limits";
import { INDEX_OPTIONS, SEARCH_INDEX_FORMAT, type IndexedFields } from "./index-options";
import { inMemorySource, type TermPostings, type VersionSource } from "./parts";
import { cleanQuery, queryTerms, tokens } from "./text";
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

/** Lower-case words separated by single spaces. */
function wordsOf(text: string): string {
  return tokens(text, true)
    .map((token) => token.term)
    .join(" ");
}

const single = (text: string) => [text];
const same = (term: string) => term;

/** One term's query, as MiniSearch takes it. */
interface TermQuery {
  queries: [string];
  tokenize: typeof single;
  processTerm: typeof same;
  prefix: boolean;
  fuzzy: number | false;
}

/** One term, searched exactly and by prefix; plain words also with one or two typos. */
function termQuery(term: string, compound: boolean): TermQuery {
  const expand = term.length <= EXPAND_MAX_LENGTH;
  return {
    queries: [term],
    tokenize: single,
    processTerm: same,
    prefix: expand && term.length >= PREFIX_MIN_LENGTH,
    fuzzy: expand && !compound && term.length >= FUZZY_MIN_LENGTH ? 0.2 : false,
  };
}

/** The query MiniSearch runs for a search's words and compounds: every term at once, any of them matching. */
export function minisearchQuery(words: string[], compounds: string[]) {
  const queries = [...words.map((word) => termQuery(word, false)), ...compounds.map((term) => termQuery(term, true))];
  return { query: { combineWith: "OR" as const, queries }, options: { boost: BOOST, maxFuzzy: MAX_FUZZY } };
}

/** A result with the version index it came from, whose documents its id points into. */
interface Found {
  result: SearchResult;
  from: VersionIndex;
  document: SearchDocument;
}

interface Group {
  document: SearchDocument;
  from: VersionIndex;
  best: SearchResult;
  score: number;
  others: SearchResult[];
}

function markedOrNull(text: string, terms: ReadonlySet<string>): Highlighted | null {
  return text ? highlight(text, terms) : null;
}

/** Whether every word the result matched is in its title: then the page as a whole is the answer. */
function matchedByTitle(result: SearchResult): boolean {
  return Object.values(result.match).every((fields) => fields.includes("title"));
}

function toHit(group: Group, limits: SearchLimits): SearchHit {
  const { from } = group;
  const opening = from.openings.get(group.document.group) ?? group.document;
  const terms = new Set(group.best.terms);
  // A title match leads to the top of the page, with the matching sections listed below it.
  const pageWide = opening !== group.document && matchedByTitle(group.best);
  const document = pageWide ? opening : group.document;
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
    more: sections
      .map((result) => ({ result, other: from.documents[result.id as number] }))
      .filter((entry): entry is { result: SearchResult; other: SearchDocument } => Boolean(entry.other?.heading))
      .slice(0, limits.sectionsPerHit)
      .map(({ result, other }) => ({ url: other.url, heading: highlight(other.heading, new Set(result.terms)) })),
  };
}

export class IndexFormatError extends Error {
  constructor(found: unknown) {
    super(
      `the search index has format ${String(found)}, this server reads format ${SEARCH_INDEX_FORMAT}: run "npm run build"`,
    );
    this.name = "IndexFormatError";
  }
}

/** Where a term occurs, as MiniSearch holds it: field id → document id → frequency. */
type TermData = Map<number, Map<number, number>>;

/**
 * What the versions' indexes keep loaded, shared by all of them so that the
 * total stays bounded however many versions are searched: display data (the
 * documents, their phrase text) and converted postings.
 */
export class SearchCaches {
  readonly displays: Lru<VersionIndex, Display>;
  readonly postings: Lru<string, TermData>;

  /**
   * @param displayBytes display data kept, by the bytes of the stored documents (at least one version's stays)
   * @param postings postings kept converted, in document-field pairs (about 40 bytes of heap each)
   */
  constructor(displayBytes: number, postings: number) {
    this.displays = new Lru(displayBytes, (index) => index.dropDisplay());
    this.postings = new Lru(postings);
  }
}

function termData(fields: TermPostings[1]): { data: TermData; postings: number } {
  let postings = 0;
  const data: TermData = new Map();
  for (const [field, documents] of Object.entries(fields)) {
    const ids = new Map<number, number>();
    for (const [id, frequency] of Object.entries(documents)) ids.set(Number(id), frequency);
    postings += ids.size;
    data.set(Number(field), ids);
  }
  return { data, postings };
}

interface Display {
  documents: SearchDocument[];
  /** Each document's words in lower case, for the phrase check. */
  phraseText: string[];
  /** The first document of each group: the opening of a page. */
  openings: Map<string, SearchDocument>;
}

function displayOf(documents: SearchDocument[]): Display {
  const openings = new Map<string, SearchDocument>();
  for (const document of documents) if (!openings.has(document.group)) openings.set(document.group, document);
  return { documents, phraseText: documents.map((d) => ` ${wordsOf(`${d.title} ${d.heading} ${d.text}`)} `), openings };
}

/**
 * One docs version's index. It keeps MiniSearch's document statistics and a
 * dictionary of its terms; a query's terms (with their prefix and fuzzy
 * neighbours, found in the dictionary by MiniSearch's own rules) have their
 * postings read from the store and handed to MiniSearch, which scores them as
 * it would over the whole index. So memory grows with what is searched, not
 * with the version's size (docs/decisions/044-search-postings-on-disk.md).
 */
export class VersionIndex {
  private readonly scorer: MiniSearch<IndexedFields>;
  /** Every term, and its place in the saved index (the order MiniSearch iterates its terms in). */
  private readonly dictionary = new SearchableMap<number>();
  private display: Display | null = null;

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
    private readonly source: VersionSource,
    private readonly caches: SearchCaches,
  ) {
    this.scorer = MiniSearch.loadJS<IndexedFields>({ ...source.head.stats, index: [] }, INDEX_OPTIONS);
    source.head.terms.forEach((term, place) => this.dictionary.set(term, place));
  }

  /** The block holding the term at `place`. */
  private blockOf(place: number): number {
    const ends = this.source.head.blockEnds;
    let low = 0;
    let high = ends.length - 1;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (ends[middle]! > place) high = middle;
      else low = middle + 1;
    }
    return low;
  }

  /**
   * Display data, read at the first query that finds something and kept
   * while the shared cache has room; MiniSearch ids are positions in it.
   */
  private shown(): Display {
    if (this.display) {
      this.caches.displays.get(this);
      return this.display;
    }
    const display = displayOf(this.source.documents());
    this.display = display;
    this.caches.displays.set(this, display, this.source.documentsBytes);
    return display;
  }

  /** The shared cache needs the room: the next query that finds something reads the documents again. */
  dropDisplay(): void {
    this.display = null;
  }

  get documents(): SearchDocument[] {
    return (this.display ?? this.shown()).documents;
  }

  get phraseText(): string[] {
    return (this.display ?? this.shown()).phraseText;
  }

  get openings(): Map<string, SearchDocument> {
    return (this.display ?? this.shown()).openings;
  }

  /** The terms of the index a query can match: each term, and by MiniSearch's rules its prefix extensions and fuzzy neighbours. */
  private candidates(queries: TermQuery[]): Set<string> {
    const found = new Set<string>();
    for (const {
      queries: [term = ""],
      prefix,
      fuzzy,
    } of queries) {
      if (this.dictionary.has(term)) found.add(term);
      if (prefix) for (const [other] of this.dictionary.atPrefix(term)) found.add(other);
      if (fuzzy) {
        const distance = fuzzy < 1 ? Math.min(MAX_FUZZY, Math.round(term.length * fuzzy)) : fuzzy;
        if (distance) for (const other of this.dictionary.fuzzyGet(term, distance).keys()) found.add(other);
      }
    }
    return found;
  }

  /** Gives the scorer the postings of `terms` (and only those), reading the blocks of those not kept. */
  private useTerms(terms: Set<string>): void {
    const found = new Map<string, TermData>();
    const toRead = new Map<number, Set<string>>();
    const key = (term: string) => `${this.source.head.version}\u0000${term}`;
    for (const term of terms) {
      const kept = this.caches.postings.get(key(term));
      if (kept) found.set(term, kept);
      else {
        const block = this.blockOf(this.dictionary.get(term)!);
        toRead.set(block, (toRead.get(block) ?? new Set<string>()).add(term));
      }
    }
    for (const [block, wanted] of toRead)
      for (const [term, fields] of this.source.block(block)) {
        if (!wanted.has(term)) continue;
        const { data, postings } = termData(fields);
        this.caches.postings.set(key(term), data, postings);
        found.set(term, data);
      }
    // In the saved index's order, so that MiniSearch meets them in the order it would over the whole index.
    const index = new SearchableMap<TermData>();
    const place = (term: string) => this.dictionary.get(term)!;
    for (const term of [...found.keys()].sort((a, b) => place(a) - place(b))) index.set(term, found.get(term)!);
    // MiniSearch looks terms up in its private `_index` only: handed the
    // query's terms, it scores exactly as over the whole index
    // (tests/integration/search-postings.test.ts).
    (this.scorer as unknown as { _index: SearchableMap<TermData> })._index = index;
  }

  /** Every term searched at once; the sections that hold all the words are picked out after. */
  find(words: string[], compounds: string[]): Found[] {
    const { query, options } = minisearchQuery(words, compounds);
    this.useTerms(this.candidates(query.queries));
    const results = this.scorer.search(query, options);
    if (results.length === 0) return [];
    const { documents } = this.shown();
    return results.flatMap((result) => {
      const document = documents[result.id as number];
      return document ? [{ result, from: this, document }] : [];
    });
  }

  /** Whether a section holds one of `compounds` as a token of its own. */
  holdsExactly(compounds: string[]): boolean {
    return compounds.some((term) => this.dictionary.has(term));
  }
}

/** One version's share of an answer: how many hits it has and its best ones, with their scores for merging. */
interface VersionRanking {
  total: number;
  top: { score: number; hit: SearchHit }[];
  /** Whether a section found holds a searched identifier exactly. */
  exact: boolean;
}

/**
 * The pages that can still be among the `count` best once phrases are
 * checked: a phrase at most doubles a section's score, so a page whose
 * highest possible score stays under the `count`-th best lowest possible one
 * cannot rise that far, and its sections' text need not be read. Both bounds
 * follow the page score below (its best section in full, a share of each
 * other one). Null when every page can.
 */
function phraseCandidates(
  results: Found[],
  count: number,
  exactBoost: (result: SearchResult) => number,
): Set<string> | null {
  const pages = new Map<string, { sum: number; best: number; bestExact: number }>();
  for (const { result, document } of results) {
    const boosted = result.score * exactBoost(result);
    const page = pages.get(document.group) ?? { sum: 0, best: 0, bestExact: 0 };
    page.sum += boosted;
    page.best = Math.max(page.best, result.score);
    page.bestExact = Math.max(page.bestExact, boosted);
    pages.set(document.group, page);
  }
  if (pages.size <= count) return null;
  const share = (best: number, sum: number) => (1 - SECTION_SHARE) * best + SECTION_SHARE * sum;
  const lows = [...pages.values()].map((page) => share(page.best, page.sum)).sort((a, b) => b - a);
  // A hair of slack for rounding: the page scores below are summed in another order.
  const bar = lows[count - 1]! * (1 - 1e-9);
  return new Set(
    [...pages].filter(([, page]) => PHRASE_BOOST * share(page.bestExact, page.sum) >= bar).map(([group]) => group),
  );
}

/**
 * Ranks one version's results: sections of one page form one hit, ranked by
 * its best section plus a little for each other one; each API operation is a
 * hit of its own. `phrases` checks for the query's words side by side.
 */
function rank(
  results: Found[],
  words: string[],
  compounds: string[],
  limits: SearchLimits,
  phrases: boolean,
): VersionRanking {
  // Exact: the section holds a searched compound itself, not only a fuzzy neighbour or its words apart.
  const holdsCompound = (result: SearchResult) => compounds.some((compound) => compound in result.match);
  const exact = ({ result }: Found) => holdsCompound(result);
  const total = new Set(results.map(({ document }) => document.group)).size;
  const anyExact = results.some(exact);
  let ranked = results;
  if (phrases && words.length > 1) {
    const candidates = phraseCandidates(results, limits.hits, (result) => (holdsCompound(result) ? EXACT_BOOST : 1));
    if (candidates) ranked = results.filter(({ document }) => candidates.has(document.group));
    const phrase = ` ${words.join(" ")}`;
    for (const { result, from } of ranked)
      if (from.phraseText[result.id as number]?.includes(phrase)) result.score *= PHRASE_BOOST;
    ranked.sort((a, b) => b.result.score - a.result.score);
  }
  for (const found of ranked) if (exact(found)) found.result.score *= EXACT_BOOST;
  const groups = new Map<string, Group>();
  for (const { result, from, document } of ranked) {
    const group = groups.get(document.group);
    if (group) {
      group.others.push(result);
      group.score += result.score * SECTION_SHARE;
    } else {
      groups.set(document.group, { document, from, best: result, score: result.score, others: [] });
    }
  }
  const best = [...groups.values()].sort((a, b) => b.score - a.score);
  return {
    total,
    top: best.slice(0, limits.hits).map((group) => ({ score: group.score, hit: toHit(group, limits) })),
    exact: anyExact,
  };
}

/**
 * One version searched: its sections that hold every word (`strict`), and,
 * when it has none, those that hold any (`loose`), for when no version has a
 * section with every word. Only rankings are returned, nothing that holds on
 * to the version's index.
 */
function searchVersion(index: VersionIndex, words: string[], compounds: string[], limits: SearchLimits) {
  const any = index.find(words, compounds);
  const all = any.filter(({ result }) => words.every((word) => result.queryTerms.includes(word)));
  const strict = rank(all, words, compounds, limits, true);
  // A section holding the words side by side holds every word: none of the loose results can, so no phrase check.
  return { strict, loose: strict.total > 0 ? strict : rank(any, words, compounds, limits, false) };
}

/**
 * The site's search, over the per-version indexes the build wrote: only the
 * versions a search looks in are asked for (`indexOf`, which decides what
 * stays loaded).
 */
export class SiteSearch {
  /**
   * @param versions every docs version in menu order; the one with `current`
   * is searched when a request names no version, or one that does not exist.
   */
  constructor(
    private readonly indexOf: (version: string) => VersionIndex,
    private readonly versions: SearchVersion[],
    private readonly current: string,
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

    // One version after another, keeping only its best hits: an "all versions"
    // search holds one version's documents at a time, not every version's.
    const searched = scope.all ? this.versions.map((v) => v.id) : [scope.version];
    const perVersion = searched.map((version) => ({
      version,
      ...searchVersion(this.indexOf(version), words, compounds, limits),
    }));
    // As over one pool of sections: when any version has sections with every word, only those count.
    const strict = perVersion.some((found) => found.strict.total > 0);
    const rankings = perVersion.map((found) => ({ version: found.version, ...(strict ? found.strict : found.loose) }));
    // No exact hit here but in another version: the answer names those versions, to offer them.
    const exactElsewhere =
      compounds.length > 0 && !scope.all && !rankings.some((ranking) => ranking.exact)
        ? this.versions.filter((v) => v.id !== scope.version && this.indexOf(v.id).holdsExactly(compounds))
        : [];
    const readFirst = (version: string) => (version === scope.version ? 0 : 1);
    const merged = rankings
      .flatMap(({ version, top }) => top.map((entry) => ({ ...entry, first: readFirst(version) })))
      .sort((a, b) => a.first - b.first || b.score - a.score);
    return {
      ...answer,
      ...(exactElsewhere.length ? { exactElsewhere } : {}),
      total: rankings.reduce((sum, ranking) => sum + ranking.total, 0),
      hits: merged.slice(0, limits.hits).map(({ hit }) => hit),
    };
  }
}
