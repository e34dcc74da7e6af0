import { pageSummaries } from "~/content/store.server";
import type { SiteContent } from "~/content/types";
import { ROUTE_TABLE } from "~/route-table";

/** Pages that are not content files but belong in the sitemap. */
const APP_PAGES = ROUTE_TABLE.pages;

interface SitemapEntry {
  path: string;
  lastmod: string | null;
}

function escapeXml(text: string): string {
  return text
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&apos;");
}

/**
 * Every page a reader can land on: the app pages and the API reference's tag pages, then the standalone and docs
 * pages, with their last change when known. Only the current release: Next and
 * older releases are not for search engines (docs/decisions/017-versions-for-search-engines.md).
 */
export function sitemapEntries(content: Pick<SiteContent, "pages" | "versions">): SitemapEntry[] {
  const currentEntry = content.versions.find((entry) => entry.version.status === "current");
  const current = currentEntry?.version.id;
  const apiTagPages = [...(currentEntry?.api?.tags ?? []), ...(currentEntry?.api ? [currentEntry.api.models] : [])].map(
    (tag) => tag.url,
  );
  // From the pack's index, not the pages: at tens of thousands of pages, reading each took most of a second.
  const pages = pageSummaries(content)
    .filter((page) => page.version === null || page.version === current)
    .sort((a, b) => (a.kind === b.kind ? a.url.localeCompare(b.url) : a.kind === "page" ? -1 : 1));
  return [
    ...[...APP_PAGES, ...apiTagPages].map((path) => ({ path, lastmod: null })),
    ...pages.map((page) => ({ path: page.url, lastmod: page.lastUpdated })),
  ];
}

/** sitemap.xml (sitemaps.org 0.9) with absolute URLs under `origin`. */
export function sitemapXml(content: Pick<SiteContent, "pages" | "versions">, origin: string): string {
  const urls = sitemapEntries(content).map(({ path, lastmod }) => {
    const loc = `    <loc>${escapeXml(`${origin}${path}`)}</loc>`;
    return ["  <url>", loc, ...(lastmod ? [`    <lastmod>${lastmod}</lastmod>`] : []), "  </url>"].join("\n");
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls,
    "</urlset>",
    "",
  ].join("\n");
}
