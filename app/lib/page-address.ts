/**
 * A page's own address: the path and, in a fixed order, only the query
 * parameters that page reads (`read`: what its routes declare, see
 * app/route-inputs.ts), each passed through `normalise` (the page cache reduces
 * a query to the form the search itself uses, so that queries the page treats
 * as one are one address; null drops a value the page would ignore). The page
 * cache keys on it and the settings forms return to it. `search` is a URL's
 * search part ("?a=1" or "").
 */
export function pageAddress(
  pathname: string,
  search: string,
  read: readonly string[],
  normalise: (value: string, name: string) => string | null = (value) => value,
): string {
  // Every other parameter (utm_*, fbclid, anything a link or a crawler adds) names the same page.
  if (read.length === 0 || !search) return pathname;
  const params = new URLSearchParams(search);
  const kept = new URLSearchParams();
  for (const name of read) {
    const value = params.get(name);
    const normal = value === null ? null : normalise(value, name);
    if (normal !== null) kept.set(name, normal);
  }
  const query = kept.toString();
  return query ? `${pathname}?${query}` : pathname;
}
