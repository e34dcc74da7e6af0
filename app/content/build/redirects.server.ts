import { ContentError } from "../content-error.server";
import type { SourcePage } from "./source.server";

/** One old address and where it leads, with the page that declared it (for error messages). */
export interface RedirectEntry {
  /** The old address, already mapped into the declaring page's version ("/docs/next/…"). */
  from: string;
  /** The page's address, with "#section" when the old content now sits in one section. */
  to: string;
  sourcePath: string;
}

/** Where to look for what a redirect may shadow or point at. */
export interface RedirectTargets {
  /** Every address the site answers with a page of its own (content pages, app routes, version roots). */
  pages: Set<string>;
  /** Heading ids of each content page, by address. */
  anchors: Map<string, Set<string>>;
}

/** The line of `redirect_from` in a page's front matter, to point the author at it. */
function redirectLine(page: SourcePage): number {
  const index = page.raw.split("\n").findIndex((line) => line.startsWith("redirect_from:"));
  return index >= 0 ? index + 1 : 1;
}

/**
 * The redirects the pages of one version declare (front matter
 * `redirect_from`), with old addresses mapped into the version's URLs by
 * `mapIntoVersion`, exactly as its links are.
 */
export function declaredRedirects(pages: SourcePage[], mapIntoVersion: (href: string) => string): RedirectEntry[] {
  return pages.flatMap((page) =>
    (page.frontmatter.redirectFrom ?? []).map(({ from, section }) => ({
      from: mapIntoVersion(from),
      to: section ? `${page.url}#${section}` : page.url,
      sourcePath: page.sourcePath,
    })),
  );
}

/**
 * Checks every redirect of the site and returns them as old address → new
 * address. The build refuses a redirect that shadows a page (its old address
 * still answers with a page, so the redirect could never be reached), one
 * declared twice, one that points nowhere (no such page or section), and one
 * that loops (leads, directly or through other redirects, back to itself).
 */
export function checkRedirects(entries: RedirectEntry[], targets: RedirectTargets, sources: SourcePage[]): Record<string, string> {
  const fail = (entry: RedirectEntry, reason: string): never => {
    const page = sources.find((source) => source.sourcePath === entry.sourcePath);
    throw new ContentError(entry.sourcePath, page ? redirectLine(page) : 1, 1, `redirect_from ${entry.from}: ${reason}`);
  };
  const map = new Map<string, RedirectEntry>();
  for (const entry of entries) {
    const twice = map.get(entry.from);
    if (twice) fail(entry, `already redirected by ${twice.sourcePath}`);
    map.set(entry.from, entry);
  }
  for (const entry of entries) {
    const [path = "", section] = entry.to.split("#");
    const seen = new Set([entry.from]);
    let next = path;
    while (map.has(next)) {
      if (seen.has(next)) fail(entry, `loops (${[...seen, next].join(" → ")})`);
      seen.add(next);
      next = map.get(next)!.to.split("#")[0] ?? "";
    }
    if (targets.pages.has(entry.from)) fail(entry, `shadows the page at that address (rename or remove that page first)`);
    if (!targets.pages.has(next)) fail(entry, `points nowhere: ${next} is not a page`);
    if (section !== undefined && !targets.anchors.get(path)?.has(section)) fail(entry, `points nowhere: ${path} has no section #${section}`);
  }
  return Object.fromEntries([...map].map(([from, entry]) => [from, entry.to]));
}
