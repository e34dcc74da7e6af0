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
  SearchIndexData,
  SearchScope,
  SearchVersion,
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

interface Group {
  document: SearchDocument;
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

function toHit(group: Group, documents: SearchDocument[], opening: SearchDocument, limits: SearchLimits): SearchHit {
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
      .map((result) => ({ result, other: documents[result.id as number] }))
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

/** The site's search, over an index the build wrote. Loading it costs a few milliseconds; a query well under one. */
export class SiteSearch {
  private readonly index: MiniSearch<IndexedFields>;
  private readonly documents: SearchDocument[];
  /** Each document's words in lower case, for the phrase check. */
  private readonly phraseText: string[];
  /** The first document of each group: the opening of a page. */
  private readonly openings = new Map<string, SearchDocument>();

  /**
   * @param versions every docs version in menu order; the one with `current`
   * is searched when a request names no version, or one that does not exist.
   */
  constructor(
    data: SearchIndexData,
    private readonly versions: SearchVersion[],
    private readonly current: string,
  ) {
    if (data.format !== SEARCH_INDEX_FORMAT) throw new IndexFormatError(data.format);
    this.index = MiniSearch.loadJS<IndexedFields>(data.index, INDEX_OPTIONS);
    this.documents = data.documents;
    this.phraseText = data.documents.map((d) => ` ${wordsOf(`${d.title} ${d.heading} ${d.text}`)} `);
    for (const document of data.documents)
      if (!this.openings.has(document.group)) this.openings.set(document.group, document);
  }

  /** Every term searched at once; the sections that hold all the words are picked out after. */
  private run(words: string[], compounds: string[]): SearchResult[] {
    const query: Query = {
      combineWith: "OR",
      queries: [...words.map((word) => termQuery(word, false)), ...compounds.map((term) => termQuery(term, true))],
    };
    return this.index.search(query, { boost: BOOST, maxFuzzy: 2 });
  }

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

    const inScope = (result: SearchResult) =>
      scope.all || this.documents[result.id as number]?.version === scope.version;
    const found = this.run(words, compounds);
    // Exact: the section holds a searched compound itself, not only a fuzzy neighbour or its words apart.
    const exact = (result: SearchResult) => compounds.some((compound) => compound in result.match);
    const any = found.filter(inScope);
    const all = any.filter((result) => words.every((word) => result.queryTerms.includes(word)));
    const results = all.length > 0 ? all : any;
    if (words.length > 1) {
      const phrase = ` ${words.join(" ")}`;
      for (const result of results)
        if (this.phraseText[result.id as number]?.includes(phrase)) result.score *= PHRASE_BOOST;
      results.sort((a, b) => b.score - a.score);
    }
    for (const result of results) if (exact(result)) result.score *= EXACT_BOOST;
    // No exact hit here but in another version: the answer names those versions, to offer them.
    const exactElsewhere =
      compounds.length > 0 && !scope.all && !results.some(exact)
        ? this.versions.filter(
            (v) =>
              v.id !== scope.version && found.some((r) => exact(r) && this.documents[r.id as number]?.version === v.id),
          )
        : [];

    const groups = new Map<string, Group>();
    for (const result of results) {
      const document = this.documents[result.id as number];
      if (!document) continue;
      const group = groups.get(document.group);
      if (group) {
        group.others.push(result);
        group.score += result.score * SECTION_SHARE;
      } else {
        groups.set(document.group, { document, best: result, score: result.score, others: [] });
      }
    }
    const readFirst = (group: Group) => (group.document.version === scope.version ? 0 : 1);
    const ranked = [...groups.values()].sort((a, b) => readFirst(a) - readFirst(b) || b.score - a.score);
    return {
      ...answer,
      ...(exactElsewhere.length ? { exactElsewhere } : {}),
      total: ranked.length,
      hits: ranked
        .slice(0, limits.hits)
        .map((group) =>
          toHit(group, this.documents, this.openings.get(group.document.group) ?? group.document, limits),
        ),
    };
  }
}
