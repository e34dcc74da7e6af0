/**
 * The addresses the app's own routes (app/routes) answer with no parameter,
 * in one table for everything that lists them: the link checker's known
 * addresses (app/content/build/build.server.ts) and the sitemap
 * (app/seo/sitemap.server.ts). Content pages and the API reference's tag
 * pages come from the compiled content. tests/unit/route-table.test.ts reads
 * the route files and fails when a route and this table disagree.
 */
export const ROUTE_TABLE = {
  /** Pages for readers and search engines. */
  pages: ["/", "/api"],
  /** Pages that only lead elsewhere or answer a query: linkable, not in the sitemap. */
  linkOnly: ["/docs", "/search"],
  /** Files for tools: linkable, not pages. */
  files: ["/openapi.yaml", "/openapi.json", "/llms.txt", "/llms-full.txt", "/sitemap.xml", "/robots.txt"],
  /** Machinery: neither linked from content nor listed. */
  internal: ["/healthz", "/search.json", "/settings/theme", "/settings/announcement"],
} as const;

/** Every address of the app's own routes that content may link to. */
export const LINKABLE_APP_PATHS: readonly string[] = [
  ...ROUTE_TABLE.pages,
  ...ROUTE_TABLE.linkOnly,
  ...ROUTE_TABLE.files,
];
