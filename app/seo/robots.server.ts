/**
 * robots.txt: every page may be indexed. Settings endpoints (form targets that
 * redirect back) and search result pages are not pages worth listing.
 */
export function robotsTxt(origin: string): string {
  return [
    "User-agent: *",
    "Allow: /",
    "Disallow: /settings/",
    "Disallow: /search",
    "",
    `Sitemap: ${origin}/sitemap.xml`,
    "",
  ].join("\n");
}
