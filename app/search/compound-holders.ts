// Which docs versions hold each identifier (a compound term: "smriti.yaml",
// "x-request-id") exactly. A search for an identifier that its own version
// lacks names the versions that have it; asking each version's index meant
// loading every version's index for one query. The pack keeps this one small
// record for the whole site instead (docs/decisions/052-identifiers-found-in-other-versions.md).
import { indexInSorted } from "~/lib/sorted";
import { isCompoundTerm } from "./text";

/**
 * Every compound term of the site in code-unit order, with the versions that
 * hold it: `holders[i]` lists places in `versions` as ranges ("0-3,5"), since
 * an identifier usually stays from one release to the next.
 */
export interface CompoundHolders {
  versions: string[];
  terms: string[];
  holders: string[];
}

/** A version's compound terms, in code-unit order, from every term of its index. */
export function compoundTerms(terms: readonly string[]): string[] {
  return [...new Set(terms.filter(isCompoundTerm))].sort(byCodeUnits);
}

const byCodeUnits = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** Ascending places as ranges: [0, 1, 2, 5] is "0-2,5". */
function ranges(places: number[]): string {
  const parts: string[] = [];
  for (let i = 0; i < places.length;) {
    let end = i;
    while (end + 1 < places.length && places[end + 1] === places[end]! + 1) end += 1;
    parts.push(end === i ? `${places[i]}` : `${places[i]}-${places[end]}`);
    i = end + 1;
  }
  return parts.join(",");
}

/** The site's record from each version's compound terms, versions in the order given. */
export function compoundHolders(parts: readonly { version: string; compounds: readonly string[] }[]): CompoundHolders {
  const places = new Map<string, number[]>();
  parts.forEach(({ compounds }, place) => {
    for (const term of compounds) {
      const held = places.get(term);
      if (held) held.push(place);
      else places.set(term, [place]);
    }
  });
  const terms = [...places.keys()].sort(byCodeUnits);
  return {
    versions: parts.map((part) => part.version),
    terms,
    holders: terms.map((term) => ranges(places.get(term)!)),
  };
}

/** The versions of `record` that hold `term` exactly. */
export function versionsHolding(record: CompoundHolders, term: string): string[] {
  const at = indexInSorted(record.terms, term);
  if (at === -1) return [];
  return record.holders[at]!.split(",").flatMap((range) => {
    const [first, last = first] = range.split("-").map(Number) as [number, number?];
    return record.versions.slice(first, last! + 1);
  });
}
