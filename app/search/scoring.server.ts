// Scores one version's sections for a query over typed arrays, by MiniSearch's
// own rules (BM25+, field boosts, prefix and fuzzy weights, "OR" combination,
// the quality factor and its order of results), without making an object per
// matching section. A query of common words matches most of a version's
// sections: MiniSearch's results Map, its result objects and their sort cost
// about 10 ms per search at a thousand pages; here the same scores cost a walk
// over the postings (docs/decisions/047-search-scoring-on-typed-arrays.md).
// tests/integration/search-postings.test.ts compares every score, term and
// order with MiniSearch over the whole index.
import type { AsPlainObject } from "minisearch";
import type { TermDictionary } from "./dictionary.server";
import type { FieldPostings, TermLists } from "./parts";

/** BM25+ as MiniSearch defaults it: term saturation, length normalization, and the floor a match always adds. */
export const BM25 = { k: 1.2, b: 0.7, d: 0.5 };
/** How much a prefix extension and a fuzzy neighbour count beside the term itself, as MiniSearch defaults them. */
export const EXPANSION_WEIGHTS = { fuzzy: 0.45, prefix: 0.375 };

/** One term's query: the term, searched exactly and, when set, by prefix and with typos. */
export interface TermSpec {
  term: string;
  prefix: boolean;
  /** A share of the term's length (MiniSearch's fuzzy option), capped by maxFuzzy. */
  fuzzy: number | false;
  /** Whether its typos are only the term cut short, by as many letters ("examples" finds "example"). */
  shortenedOnly: boolean;
}

/**
 * Whether a term's postings in one field hold section `doc`. Its own search
 * over the section numbers rather than the shared indexInSorted: the
 * dictionary calls that one on strings, which makes its element reads
 * generic, and this runs for every expansion of every section a search shows.
 */
function holds(list: FieldPostings | undefined, doc: number): boolean {
  if (list === undefined) return false;
  const { docs } = list;
  // Halving the range whose first entry is the last one not above `doc`.
  let base = 0;
  let size = docs.length;
  while (size > 1) {
    const half = size >> 1;
    if (docs[base + half]! <= doc) base += half;
    size -= half;
  }
  return size === 1 && docs[base] === doc;
}

/** What MiniSearch reports of one matching section: its matched index terms (and in which fields), and the query terms they came from. */
export interface MatchDetails {
  terms: string[];
  queryTerms: string[];
  match: Record<string, string[]>;
}

/**
 * Per-section arrays a version's queries score into, made at its first query
 * and used by each one after: a query clears only what the last one set, so
 * no query allocates (or leaves the collector) arrays the size of the version.
 */
class ScoreArrays {
  readonly total: Float64Array;
  /** One query term's share, added to `total` when the term is done. */
  readonly own: Float64Array;
  readonly mask: Int32Array;
  readonly exact: Uint8Array;
  /** Scores a ranking adjusts (phrases, exact identifiers) without touching `total`. */
  readonly adjusted: Float64Array;
  /** The sections the query term being scored matched so far, in order. */
  readonly touched: Int32Array;
  /** Each matched section's place in the order first matched (`seen`). */
  readonly position: Int32Array;
  /** The sections a query matched, in order; `seen` views its first ones. */
  readonly seenAll: Int32Array;
  /** The sections the last query matched: what the next one clears. */
  seen: Int32Array;

  constructor(size: number) {
    this.total = new Float64Array(size);
    this.own = new Float64Array(size);
    this.mask = new Int32Array(size);
    this.exact = new Uint8Array(size);
    this.adjusted = new Float64Array(size);
    this.touched = new Int32Array(size);
    this.position = new Int32Array(size);
    this.seenAll = new Int32Array(size);
    this.seen = this.seenAll.subarray(0, 0);
  }
}

/** The document statistics of one version's index, as arrays: what scoring reads for every posting. */
export class VersionStats {
  readonly documentCount: number;
  /** Stored document id (a position in the version's documents) by MiniSearch's short id. */
  readonly ids: Int32Array;
  readonly fieldCount: number;
  /** Each document's field lengths, `fieldCount` per short id. */
  readonly lengths: Float64Array;
  /** Each field's average length, by field id. */
  readonly averages: number[];
  /** The fields in the order MiniSearch scores them (the index's field order), with their ids and boosts. */
  readonly fields: { name: string; id: number; boost: number }[];
  private arrays: ScoreArrays | null = null;

  constructor(stats: Omit<AsPlainObject, "index">, fieldOrder: string[], boost: Record<string, number>) {
    this.documentCount = stats.documentCount;
    this.fieldCount = Object.keys(stats.fieldIds).length;
    this.ids = new Int32Array(stats.nextId).fill(-1);
    for (const [short, id] of Object.entries(stats.documentIds)) this.ids[Number(short)] = Number(id);
    this.lengths = new Float64Array(stats.nextId * this.fieldCount);
    for (const [short, lengths] of Object.entries(stats.fieldLength))
      lengths.forEach((length, field) => (this.lengths[Number(short) * this.fieldCount + field] = length));
    this.averages = stats.averageFieldLength;
    this.fields = fieldOrder.map((name) => ({ name, id: stats.fieldIds[name]!, boost: boost[name] || 1 }));
  }

  get scoreArrays(): ScoreArrays {
    return (this.arrays ??= new ScoreArrays(this.ids.length));
  }
}

/** A query term's expansions in the index, in the order MiniSearch scores them, each with its weight. */
export type Expansion = [term: string, weight: number][];

/** The index terms a term spec matches, in MiniSearch's order: the term itself, its prefix extensions, then its fuzzy neighbours. */
export function expansionOf(spec: TermSpec, dictionary: TermDictionary, maxFuzzy: number): Expansion {
  const { term } = spec;
  const found: Expansion = dictionary.has(term) ? [[term, 1]] : [];
  const prefixed = new Set<string>();
  if (spec.prefix)
    for (const other of dictionary.prefixed(term)) {
      const distance = other.length - term.length;
      if (!distance) continue;
      prefixed.add(other);
      found.push([other, (EXPANSION_WEIGHTS.prefix * other.length) / (other.length + 0.3 * distance)]);
    }
  if (spec.fuzzy) {
    const most = spec.fuzzy < 1 ? Math.min(maxFuzzy, Math.round(term.length * spec.fuzzy)) : spec.fuzzy;
    if (most)
      for (const [other, distance] of spec.shortenedOnly
        ? dictionary.shortened(term, most)
        : dictionary.fuzzy(term, most)) {
        // A prefix extension is scored as one, never also as a typo.
        if (!distance || prefixed.has(other)) continue;
        found.push([other, (EXPANSION_WEIGHTS.fuzzy * other.length) / (other.length + distance)]);
      }
  }
  return found;
}

/**
 * The sections one query matched in one version. Arrays are indexed by
 * MiniSearch's short id; `seen` lists the matched ones in the order
 * MiniSearch's results Map would hold them, which breaks ties between equal
 * scores (its sort is stable).
 * They are the version's score arrays: valid until its next query.
 */
export class Matches {
  constructor(
    private readonly specs: TermSpec[],
    private readonly expansions: Expansion[],
    private readonly listsOf: (term: string) => TermLists,
    readonly stats: VersionStats,
    /** Matched short ids, in first-match order (a view of the version's score arrays). */
    readonly seen: Int32Array,
    /** Each matched short id's place in `seen`. */
    readonly position: Int32Array,
    /** Each section's score: the sum of its query terms' scores times how many matched. */
    readonly score: Float64Array,
    /** Bit i set: the section matched `specs[i]`. */
    readonly mask: Int32Array,
    /** 1: the section holds one of the exact terms as an index term of its own. */
    readonly exact: Uint8Array,
  ) {}

  /** Scores of `docs` to adjust while ranking them, apart from `score` (the same array for every call). */
  adjustable(docs: Int32Array): Float64Array {
    const { adjusted } = this.stats.scoreArrays;
    for (const doc of docs) adjusted[doc] = this.score[doc]!;
    return adjusted;
  }

  /** Bits of `mask` for the specs of these terms. */
  bitsOf(terms: string[]): number {
    return this.specs.reduce((bits, spec, i) => (terms.includes(spec.term) ? bits | (1 << i) : bits), 0);
  }

  /** Each spec's expansions with their postings, looked up at this query's first details(). */
  private expansionLists: { term: string; lists: TermLists }[][] | null = null;

  /** What MiniSearch's result for section `doc` would report: the index terms matched, per field, merged over query terms as its "OR" merges them. */
  details(doc: number): MatchDetails {
    this.expansionLists ??= this.expansions.map((expansion) =>
      expansion.map(([term]) => ({ term, lists: this.listsOf(term) })),
    );
    const { fields } = this.stats;
    const match: Record<string, string[]> = {};
    const queryTerms: string[] = [];
    const bits = this.mask[doc]!;
    for (let i = 0; i < this.specs.length; i += 1) {
      if (!(bits & (1 << i))) continue;
      queryTerms.push(this.specs[i]!.term);
      // A term expanded from two query terms reports the later one's fields, in the place it first had.
      for (const { term, lists } of this.expansionLists[i]!) {
        let held: string[] | null = null;
        for (let f = 0; f < fields.length; f += 1) {
          const field = fields[f]!;
          if (holds(lists[field.id], doc)) (held ??= []).push(field.name);
        }
        if (held) match[term] = held;
      }
    }
    return { terms: Object.keys(match), queryTerms, match };
  }
}

/**
 * Scores `specs` (combined with "OR") over one version. `listsOf` gives an
 * index term's postings; `exactTerms` are the terms whose sections `exact`
 * marks. The arithmetic is MiniSearch's, in its order, so that the scores are
 * equal to the last bit. Plain indexed loops: this runs once per posting.
 */
export function scoreQuery(
  specs: TermSpec[],
  expansions: Expansion[],
  listsOf: (term: string) => TermLists,
  stats: VersionStats,
  exactTerms: ReadonlySet<string>,
): Matches {
  const { k, b, d } = BM25;
  const arrays = stats.scoreArrays;
  const { total, own, mask, exact, touched, position } = arrays;
  for (const doc of arrays.seen) {
    total[doc] = 0;
    mask[doc] = 0;
    exact[doc] = 0;
  }
  // Written into the version's own array, as the scores are: a query matching thousands of sections grew a list.
  const { seenAll } = arrays;
  let seenCount = 0;
  const { lengths, fieldCount, fields, averages, documentCount } = stats;
  let touchedCount = 0;
  for (let i = 0; i < specs.length; i += 1) {
    const expansion = expansions[i]!;
    for (let e = 0; e < expansion.length; e += 1) {
      const [term, weight] = expansion[e]!;
      const lists = listsOf(term);
      const marksExact = exactTerms.has(term);
      for (let f = 0; f < fields.length; f += 1) {
        const field = fields[f]!;
        const list = lists[field.id];
        if (!list) continue;
        const { docs, freqs } = list;
        const matching = docs.length;
        const idf = Math.log(1 + (documentCount - matching + 0.5) / (matching + 0.5));
        const average = averages[field.id]!;
        const weighted = weight * field.boost;
        for (let n = 0; n < matching; n += 1) {
          const doc = docs[n]!;
          const frequency = freqs[n]!;
          const length = lengths[doc * fieldCount + field.id]!;
          const raw = idf * (d + (frequency * (k + 1)) / (frequency + k * (1 - b + (b * length) / average)));
          // Every score is above 0, so 0 means not matched by this term yet.
          if (own[doc] === 0) touched[touchedCount++] = doc;
          own[doc] = own[doc]! + weighted * raw;
          if (marksExact) exact[doc] = 1;
        }
      }
    }
    // Term by term, as MiniSearch adds the term's whole score to the section's.
    for (let n = 0; n < touchedCount; n += 1) {
      const doc = touched[n]!;
      if (mask[doc] === 0) {
        position[doc] = seenCount;
        seenAll[seenCount++] = doc;
      }
      total[doc] = total[doc]! + own[doc]!;
      own[doc] = 0;
      mask[doc] = mask[doc]! | (1 << i);
    }
    touchedCount = 0;
  }
  const seen = seenAll.subarray(0, seenCount);
  arrays.seen = seen;
  for (let n = 0; n < seen.length; n += 1) {
    const doc = seen[n]!;
    let quality = 0;
    for (let bits = mask[doc]!; bits; bits &= bits - 1) quality += 1;
    total[doc] = total[doc]! * quality;
  }
  return new Matches(specs, expansions, listsOf, stats, seen, position, total, mask, exact);
}
