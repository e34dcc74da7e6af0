// A version's index in MiniSearch's saved form (what `toJSON()` returns), made
// straight from its documents. The build only ever saves the index: the pack
// stores its terms and postings in a layout of its own (app/search/parts.ts),
// and no search runs on the build's MiniSearch. MiniSearch's `add` keeps every
// term in a radix tree of Maps, made for searching, which `toJSON()` then walks
// and copies; here each term's postings are plain arrays until the end, and
// only the order of the terms goes through MiniSearch's own tree, so the saved
// form is the same, term for term and byte for byte
// (docs/decisions/059-the-build-saves-its-search-index-directly.md).
import type { AsPlainObject } from "minisearch";
import SearchableMap from "minisearch/SearchableMap";
import { INDEXED_FIELDS, type IndexedFields } from "../index-options";
import { forEachIndexTerm } from "../text";

/** Where a term occurs in one field: ascending document ids, each with the term's count. */
interface Occurrences {
  docs: number[];
  counts: number[];
}

/**
 * What `new MiniSearch(INDEX_OPTIONS)` returns from `toJSON()` after
 * `addAll(documents)`. Their ids must be distinct, as MiniSearch requires.
 */
export function savedIndex(documents: readonly IndexedFields[]): AsPlainObject {
  const fieldIds: Record<string, number> = {};
  INDEXED_FIELDS.forEach((field, id) => (fieldIds[field] = id));
  // In order of first appearance: the order MiniSearch's tree receives them in.
  const terms = new Map<string, Occurrences[]>();
  const documentIds: Record<number, number> = {};
  const fieldLength: Record<number, number[]> = {};
  const averageFieldLength: number[] = [];
  const ids = new Set<number>();

  documents.forEach((document, shortId) => {
    if (ids.has(document.id)) throw new Error(`search index: two documents with the id ${document.id}`);
    ids.add(document.id);
    documentIds[shortId] = document.id;
    const lengths: number[] = [];
    INDEXED_FIELDS.forEach((field, fieldId) => {
      // A field's length is its number of distinct terms.
      let distinct = 0;
      forEachIndexTerm(document[field], (term) => {
        let byField = terms.get(term);
        if (!byField) terms.set(term, (byField = []));
        const found = (byField[fieldId] ??= { docs: [], counts: [] });
        const last = found.docs.length - 1;
        if (found.docs[last] === shortId) found.counts[last]! += 1;
        else {
          found.docs.push(shortId);
          found.counts.push(1);
          distinct += 1;
        }
      });
      lengths[fieldId] = distinct;
      // MiniSearch's running average, step for step, so the same floating-point result.
      averageFieldLength[fieldId] = ((averageFieldLength[fieldId] || 0) * shortId + distinct) / (shortId + 1);
    });
    fieldLength[shortId] = lengths;
  });

  const order = new SearchableMap<true>();
  for (const term of terms.keys()) order.set(term, true);
  const index: AsPlainObject["index"] = [];
  for (const term of order.keys()) {
    const data: Record<string, Record<string, number>> = {};
    terms.get(term)!.forEach((found, fieldId) => {
      const counts: Record<string, number> = {};
      for (let i = 0; i < found.docs.length; i++) counts[found.docs[i]!] = found.counts[i]!;
      data[fieldId] = counts;
    });
    index.push([term, data]);
  }
  return {
    documentCount: documents.length,
    nextId: documents.length,
    documentIds,
    fieldIds,
    fieldLength,
    averageFieldLength,
    storedFields: {},
    dirtCount: 0,
    index,
    serializationVersion: 2,
  };
}
