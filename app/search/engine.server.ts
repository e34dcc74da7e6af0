import MiniSearch, { type Query, type SearchResult } from "minisearch";
import { highlight, snippet } from "./highlight";
import type { SearchLimits } from "./limits";
import { INDEX_OPTIONS, SEARCH_INDEX_FORMAT, type IndexedFields } from "./index-options";
import { cleanQuery, queryTerms, tokens } from "./text";
import type {
  Highlighted,
  SearchAnswer,
  SearchDocument,
  SearchHit,
  SearchScope,
  SearchVersion,
  VersionSearchData,
} from "./types";

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

/** One term, searched exactly and by prefix; plain words also with one or two typos. */
function termQuery(term: string, compound: boolean): Query {
  const expand = term.length <= EXPAND_MAX_LENGTH;
  return {
    queries: [term],
    tokenize: single,
    processTerm: same,
    prefix: expand && term.length >= PREFIX_MIN_LENGTH,
    fuzzy: expand && !compound && term.length >= FUZZY_MIN_LENGTH ? 0.2 : false,
  };
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

/** One docs version's index, loaded from what the build wrote. Loading it costs a few milliseconds; a query well under one. */
export class VersionIndex {
  /** Each document's words in lower case, for the phrase check. */
  readonly phraseText: string[];
  /** The first document of each group: the opening of a page. */
  readonly openings = new Map<string, SearchDocument>();

  static load(data: VersionSearchData): VersionIndex {
    if (data.format !== SEARCH_INDEX_FORMAT) throw new IndexFormatError(data.format);
    return new VersionIndex(MiniSearch.loadJS<IndexedFields>(data.index, INDEX_OPTIONS), data.documents);
  }

  /** A version with nothing indexed (no docs pages and no API reference). */
  static empty(): VersionIndex {
    return new VersionIndex(new MiniSearch<IndexedFields>(INDEX_OPTIONS), []);
  }

  private constructor(
    private readonly index: MiniSearch<IndexedFields>,
    /** Display data; MiniSearch ids are positions in this list. */
    readonly documents: SearchDocument[],
  ) {
    this.phraseText = documents.map((d) => ` ${wordsOf(`${d.title} ${d.heading} ${d.text}`)} `);
    for (const document of documents)
      if (!this.openings.has(document.group)) this.openings.set(document.group, document);
  }

  /** Every term searched at once; the sections that hold all the words are picked out after. */
  find(words: string[], compounds: string[]): Found[] {
    const query: Query = {
      combineWith: "OR",
      queries: [...words.map((word) => termQuery(word, false)), ...compounds.map((term) => termQuery(term, true))],
    };
    return this.index.search(query, { boost: BOOST, maxFuzzy: 2 }).flatMap((result) => {
      const document = this.documents[result.id as number];
      return document ? [{ result, from: this, document }] : [];
    });
  }

  /** Whether a section holds one of `compounds` as a token of its own. */
  holdsExactly(compounds: string[]): boolean {
    return compounds.some(
      (term) => this.index.search({ queries: [term], tokenize: single, processTerm: same }).length > 0,
    );
  }
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

    const searched = scope.all ? this.versions.map((v) => v.id) : [scope.version];
    const any = searched.flatMap((version) => this.indexOf(version).find(words, compounds));
    const all = any.filter(({ result }) => words.every((word) => result.queryTerms.includes(word)));
    const results = all.length > 0 ? all : any;
    if (words.length > 1) {
      const phrase = ` ${words.join(" ")}`;
      for (const { result, from } of results)
        if (from.phraseText[result.id as number]?.includes(phrase)) result.score *= PHRASE_BOOST;
      results.sort((a, b) => b.result.score - a.result.score);
    }
    // Exact: the section holds a searched compound itself, not only a fuzzy neighbour or its words apart.
    const exact = ({ result }: Found) => compounds.some((compound) => compound in result.match);
    for (const found of results) if (exact(found)) found.result.score *= EXACT_BOOST;
    // No exact hit here but in another version: the answer names those versions, to offer them.
    const exactElsewhere =
      compounds.length > 0 && !scope.all && !results.some(exact)
        ? this.versions.filter((v) => v.id !== scope.version && this.indexOf(v.id).holdsExactly(compounds))
        : [];

    const groups = new Map<string, Group>();
    for (const { result, from, document } of results) {
      const group = groups.get(document.group);
      if (group) {
        group.others.push(result);
        group.score += result.score * SECTION_SHARE;
      } else {
        groups.set(document.group, { document, from, best: result, score: result.score, others: [] });
      }
    }
    const readFirst = (group: Group) => (group.document.version === scope.version ? 0 : 1);
    const ranked = [...groups.values()].sort((a, b) => readFirst(a) - readFirst(b) || b.score - a.score);
    return {
      ...answer,
      ...(exactElsewhere.length ? { exactElsewhere } : {}),
      total: ranked.length,
      hits: ranked.slice(0, limits.hits).map((group) => toHit(group, limits)),
    };
  }
}
