// A version's terms, for finding a query term's prefix extensions and fuzzy
// neighbours as MiniSearch finds them, in the order it finds them, without
// keeping its radix tree. A SearchableMap of a version's 17,000 terms (10,000
// pages in ten versions) is tens of thousands of Maps: ten such trees took
// 212,000 Maps of a 128 MB heap. This keeps the terms sorted, with two integer
// arrays and a byte each (docs/decisions/047-search-scoring-on-typed-arrays.md),
// the arrays made by the build (decision 052).
import SearchableMap from "minisearch/SearchableMap";
import { indexInSorted } from "~/lib/sorted";

/**
 * The first index in `sorted` from `low` whose term does not start with
 * `prefix` (those that do are contiguous). Galloping from `low`: a prefix
 * usually extends to a few terms, so this is a few comparisons, not a binary
 * search of the whole list.
 */
function endOfPrefix(sorted: string[], prefix: string, low: number): number {
  let step = 1;
  let high = low + 1;
  while (high < sorted.length && sorted[high]!.startsWith(prefix)) {
    low = high;
    step *= 2;
    high = low + step;
  }
  high = Math.min(high, sorted.length);
  while (low < high) {
    const middle = (low + high) >> 1;
    if (sorted[middle]!.startsWith(prefix)) low = middle + 1;
    else high = middle;
  }
  return low;
}

/**
 * What a dictionary of `terms` (in the saved index's order) needs besides the
 * terms, as 32-bit integers: each term's place in code-unit order, then each
 * of those terms' rank in the order MiniSearch's tree yields them. Building
 * the tree to find the ranks is most of a version's load (16 ms of 19 for
 * 16,000 terms), so the build does it once and the pack keeps the result
 * (docs/decisions/052-identifiers-found-in-other-versions.md).
 */
export function dictionaryOrder(terms: readonly string[]): Buffer {
  const tree = new SearchableMap<number>();
  terms.forEach((term, place) => tree.set(term, place));
  const rankOf = new Int32Array(terms.length);
  let rank = 0;
  for (const [, place] of tree) rankOf[place] = rank++;
  const order = terms.map((_, place) => place).sort((a, b) => (terms[a]! < terms[b]! ? -1 : 1));
  const integers = new Int32Array(2 * terms.length);
  integers.set(order);
  integers.set(
    order.map((place) => rankOf[place]!),
    terms.length,
  );
  return Buffer.from(integers.buffer);
}

export class TermDictionary {
  /** Every term, in code-unit order. */
  private readonly sorted: string[];
  /** Each sorted term's place in the saved index. */
  private readonly places: Int32Array;
  /**
   * Each sorted term's position in the order MiniSearch's tree yields it,
   * built from the saved order as MiniSearch loads it: prefix extensions come
   * in this order, fuzzy neighbours in the reverse (its iterator walks a
   * node's edges from the last, its fuzzy search from the first).
   */
  private readonly ranks: Int32Array;
  /** How many leading code units each sorted term shares with the one before it (at most 255). */
  private readonly shared: Uint8Array;

  /**
   * @param terms every term, in the saved index's order
   * @param order dictionaryOrder(terms), as the pack keeps it
   */
  constructor(terms: string[], order: Uint8Array) {
    if (order.length !== 8 * terms.length)
      throw new Error(`a dictionary's order has ${order.length} bytes for ${terms.length} terms`);
    // Copied out of the record: aligned, and not keeping the bytes read alive.
    const integers = new Int32Array(2 * terms.length);
    new Uint8Array(integers.buffer).set(order);
    this.places = integers.subarray(0, terms.length);
    this.ranks = integers.subarray(terms.length);
    this.sorted = Array.from(this.places, (place) => terms[place]!);
    this.shared = Uint8Array.from(this.sorted, (term, i) => {
      const before = this.sorted[i - 1] ?? "";
      let length = 0;
      while (length < 255 && length < term.length && term.charCodeAt(length) === before.charCodeAt(length)) length += 1;
      return length;
    });
  }

  has(term: string): boolean {
    return indexInSorted(this.sorted, term) !== -1;
  }

  /** The term's place in the saved index; undefined when the version does not have it. */
  place(term: string): number | undefined {
    const index = indexInSorted(this.sorted, term);
    return index === -1 ? undefined : this.places[index];
  }

  /** The first index in `sorted` whose term is not below `prefix`: where the terms starting with it begin. */
  private lowerBound(prefix: string): number {
    let low = 0;
    let high = this.sorted.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (this.sorted[middle]! < prefix) low = middle + 1;
      else high = middle;
    }
    return low;
  }

  /** Whether a term is `prefix` or starts with it. */
  startsAny(prefix: string): boolean {
    return this.sorted[this.lowerBound(prefix)]?.startsWith(prefix) ?? false;
  }

  /** The terms that start with `prefix` (itself included), as MiniSearch's atPrefix yields them. */
  prefixed(prefix: string): string[] {
    const low = this.lowerBound(prefix);
    const found: number[] = [];
    for (let i = low, end = endOfPrefix(this.sorted, prefix, low); i < end; i += 1) found.push(i);
    return found.sort((a, b) => this.ranks[a]! - this.ranks[b]!).map((i) => this.sorted[i]!);
  }

  /**
   * The terms that are `query` cut short by 1 to `distance` letters, with
   * that count: the part of `fuzzy(query, distance)` that `query` starts
   * with, in the same order, found without walking the dictionary.
   */
  shortened(query: string, distance: number): [term: string, distance: number][] {
    const found: [index: number, distance: number][] = [];
    for (let cut = 1; cut <= distance && cut < query.length; cut += 1) {
      const index = indexInSorted(this.sorted, query.slice(0, -cut));
      if (index !== -1) found.push([index, cut]);
    }
    return found
      .sort((a, b) => this.ranks[b[0]]! - this.ranks[a[0]]!)
      .map(([index, edits]) => [this.sorted[index]!, edits]);
  }

  /**
   * The terms within `distance` edits (Levenshtein) of `query`, with their
   * distance, as MiniSearch's fuzzyGet yields them. The walk keeps one row of
   * the edit matrix per character of the current term, reuses the rows of the
   * prefix it shares with the last one, and skips every term under a prefix
   * whose row is already past `distance`.
   */
  fuzzy(query: string, distance: number): [term: string, distance: number][] {
    const columns = query.length + 1;
    const longest = query.length + distance;
    // Cells more than `distance` off the diagonal cannot lead to a match: they
    // stay at distance + 1 and are never computed.
    const rows = new Int32Array((longest + 1) * columns).fill(distance + 1);
    for (let j = 0; j < columns; j += 1) rows[j] = j;
    const found: [index: number, distance: number][] = [];
    const { sorted, shared } = this;
    // Rows 0 to `valid` hold the matrix for the first `valid` characters of the term before.
    let valid = 0;
    let i = 0;
    while (i < sorted.length) {
      const term = sorted[i]!;
      let cut = -1;
      for (let row = Math.min(shared[i]!, valid) + 1; row <= term.length; row += 1) {
        if (row > longest) {
          cut = row;
          break;
        }
        const char = term.charCodeAt(row - 1);
        const at = row * columns;
        const above = at - columns;
        rows[at] = row;
        let least = row;
        const last = Math.min(columns - 1, row + distance);
        for (let j = Math.max(1, row - distance); j <= last; j += 1) {
          const cost = rows[above + j - 1]! + (query.charCodeAt(j - 1) === char ? 0 : 1);
          const value = Math.min(cost, rows[above + j]! + 1, rows[at + j - 1]! + 1);
          rows[at + j] = value;
          if (value < least) least = value;
        }
        if (least > distance) {
          cut = row;
          break;
        }
      }
      if (cut === -1) {
        valid = term.length;
        const edits = rows[term.length * columns + columns - 1]!;
        if (edits <= distance) found.push([i, edits]);
        i += 1;
      } else {
        // No term under this prefix can come within `distance`: the next one
        // that does not start with it shares fewer than `cut` characters with
        // this one (and so with the one before it).
        valid = cut - 1;
        i += 1;
        while (i < sorted.length && shared[i]! >= cut) i += 1;
      }
    }
    return found
      .sort((a, b) => this.ranks[b[0]]! - this.ranks[a[0]]!)
      .map(([index, edits]) => [this.sorted[index]!, edits]);
  }
}
