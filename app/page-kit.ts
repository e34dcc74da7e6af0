/**
 * What the layout (root.tsx), the page routes, the search dialog and the
 * status pages share in the browser. Each of those modules takes shared code from here, never from
 * the files below directly.
 *
 * Why one module: the classic compiler's bundler (esbuild) puts shared code in
 * one chunk per set of entry points that reach it. When every page route took
 * its own subset of the shared components, a first visit to a docs page
 * fetched sixteen small chunks. Everything listed here is reached by the same
 * entries (each of them imports this module), so it all lands in one chunk,
 * which every page loads anyway because the layout uses most of it
 * (docs/decisions/021-one-shared-chunk.md; tests/e2e/budgets.spec.ts counts
 * the requests).
 */
export { DocContent } from "~/components/docs/DocContent";
export { PageMeta } from "~/components/docs/PageMeta";
export { TableOfContents } from "~/components/docs/TableOfContents";
export { CloseIcon, SearchIcon } from "~/components/icons";
export { DISMISS_ANNOUNCEMENT_ACTION } from "~/components/layout/AnnouncementBar";
export { ErrorLayout, SidebarProblems } from "~/components/layout/ErrorPages";
export { Main } from "~/components/layout/Main";
export { SearchBox } from "~/components/layout/SearchBox";
export { SET_THEME_ACTION } from "~/components/layout/ThemeToggle";
export { versionRobots } from "~/docs/route-data";
export { pageMeta, rootFromMatches } from "~/lib/meta";
export { useRootData, useSiteConfig } from "~/lib/root-data";
export { Theme, ThemeProvider, useTheme } from "~/lib/theme";
export { MAX_QUERY_LENGTH } from "~/search/limits";
