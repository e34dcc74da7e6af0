import type { ApiPageContent } from "~/api-reference/types";
import type { DiagramData } from "~/components/diagrams/data";
import type { SearchIndexData } from "~/search/types";
import type { DocsVersion } from "./versions";

// The compiled content, as the build writes it and the server reads it.
// Everything a request needs is here, so a running server never compiles MDX
// and never reads a content file.

export interface TocEntry {
  id: string;
  text: string;
  depth: 2 | 3;
}

/** A slice of a page's text under one heading, for the search index. */
export interface PageSection {
  /** Heading id, or "" for the text before the first heading. */
  id: string;
  heading: string;
  text: string;
  /** Code from the section's code blocks, kept apart so it can be weighted differently. */
  code: string;
}

export interface CompiledPage {
  /** "user-guide/installation" for docs, "markdown-page" for standalone pages. */
  slug: string;
  kind: "doc" | "page";
  /** Public path, e.g. "/docs/user-guide/installation", "/docs/next/user-guide/installation". */
  url: string;
  /** Id of the docs version the page belongs to ("next", "24.05.08"); null for standalone pages, which have one version. */
  version: string | null;
  title: string;
  description: string;
  sidebarLabel: string;
  /** Rendered HTML of the MDX body (no h1: the layout renders the title). */
  html: string;
  toc: TocEntry[];
  /** Every element id in the page, for anchor checks and deep links. */
  anchors: string[];
  sections: PageSection[];
  /** The page as Markdown (front matter title as h1), for .md URLs and llms-full.txt. */
  markdown: string;
  /** Path of the source file relative to the repository root. */
  sourcePath: string;
  /** ISO date of the last commit that touched the file, or null when unknown. */
  lastUpdated: string | null;
  /** sha256 of the source text and of the version's URLs (links map into them); the compile cache key. */
  contentHash: string;
}

export interface NavLink {
  type: "link";
  slug: string;
  label: string;
  url: string;
}

export interface NavCategory {
  type: "category";
  label: string;
  items: NavItem[];
}

export type NavItem = NavLink | NavCategory;

export interface BuildInfo {
  /** The site's own version (package.json). */
  version: string;
  /** Commit the site was built from: SITE_COMMIT, else git; null when neither is known. */
  commit: string | null;
}

/** A piece of content other pages embed (content/partials), never served on its own. */
export interface CompiledPartial {
  html: string;
  toc: TocEntry[];
}

/** One version of the docs as built: its sidebar and its API reference. */
export interface VersionContent {
  version: DocsVersion;
  /** Its introduction: where /docs (or /docs/next) leads, and where the version menu falls back to. */
  entry: string;
  navigation: NavItem[];
  /** Its diagrams' labels and steps (content/<tree>/diagrams.json); the landing page draws the current release's. */
  diagrams: DiagramData | null;
  /** Null when the version has no spec file. */
  api: ApiPageContent | null;
  /** The partials compiled with this version's links; empty for the current release, whose are `SiteContent.partials`. */
  partials: Record<string, CompiledPartial>;
}

export interface SiteContent {
  /** Changes whenever any compiled output changes. */
  buildId: string;
  build: BuildInfo;
  /** Docs and standalone pages by URL. */
  pages: Record<string, CompiledPage>;
  /** Old addresses → the page (and section) now holding their content, from front matter `redirect_from`; answered with a 301. */
  redirects: Record<string, string>;
  partials: Record<string, CompiledPartial>;
  /** The versions whose docs tree exists, in menu order: Next, the current release, older releases. */
  versions: VersionContent[];
  /** The full-text index of the docs pages and API operations (app/search). */
  search: SearchIndexData;
}
