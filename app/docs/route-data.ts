import type { ContentProblem } from "~/content/problems";
import type { TocEntry } from "~/content/types";
import type { SidebarItem } from "./sidebar";

export interface PageLink {
  label: string;
  url: string;
}

export interface Breadcrumb {
  label: string;
  /** Absent for categories, which have no page of their own. */
  url?: string;
}

/** Everything a content page shows, computed in its loader before anything renders. */
export interface ContentRouteData {
  page: {
    url: string;
    title: string;
    description: string;
    /**
     * The rendered body. Null in the loader's data, which the first page's
     * hydration reads: the server renders the body from beside the data and
     * the browser already has it. Set in client-side navigations
     * (app/http/page-body.server.ts).
     */
    html: string | null;
    kind: "doc" | "page";
  };
  toc: TocEntry[];
  /** The same page as Markdown. */
  markdownUrl: string;
  editUrl: string;
  /** YYYY-MM-DD of the last commit that changed the page, or null when unknown. */
  lastUpdated: string | null;
}

/** A docs version as every page knows it (root data): where its introduction and API reference are. */
export interface SiteVersion {
  id: string;
  label: string;
  status: "next" | "current" | "release";
  /** Its introduction: where the version menu falls back to, and the navbar's Docs link while it is read. */
  entry: string;
  /** Where a reader starts: its user guide's introduction (else `entry`); the version menu leads there from pages of no version. */
  guide: string;
  /** Its docs prefix ("/docs", "/docs/next"): links in the chrome (footer) stay in the version being read. */
  docsBase: string;
  /** Its API reference (the current release's when it has none). */
  apiUrl: string;
}

/** What a versioned page (a docs page, an API reference) adds: its version, and the same page in other versions. */
export interface PageVersions {
  /** Id of the version the page belongs to. */
  version: string;
  /** The same page in each version that has it (this one included), by version id. */
  alternates: Record<string, string>;
  /** Set on API reference pages: a version without the same page leads to its API reference, not its introduction. */
  inApiReference?: true;
}

/** One entry of the version menu: where choosing that version leads from the page being read. */
export interface VersionLink extends SiteVersion {
  /** The same page in that version, or, when it has no such page, its introduction. */
  url: string;
  /** False when `url` is the fallback (the version has no such page). */
  samePage: boolean;
  /** What `url` opens when it is the fallback: "introduction" or "API reference". */
  fallback: string;
}

/** The version menu of the page being read: its version, and every version in menu order. */
export interface VersionedRouteData {
  version: SiteVersion;
  versions: VersionLink[];
  /** True when `version` is the page's own (its address is inside it); false on pages of no version, which follow the reader's choice. */
  ownVersion: boolean;
}

/**
 * Puts the site's versions and the page's alternates together (on the
 * server, for the first render, and in the browser alike). A page of no
 * version reads the version the reader chose (`chosen`, an id), else the
 * current release, and every entry leads to an introduction.
 */
export function versionMenu(
  site: SiteVersion[],
  page: PageVersions | null,
  chosen: string | null = null,
): VersionedRouteData | null {
  const own = site.find((version) => version.id === page?.version);
  const reading =
    own ?? site.find((version) => version.id === chosen) ?? site.find((version) => version.status === "current");
  if (!reading) return null;
  const versions = site.map((version) => {
    const same = page?.alternates[version.id];
    const api = page?.inApiReference === true;
    // From a page of no version (the landing page), a reader choosing a version starts at its user guide.
    const fallback = api ? version.apiUrl : page ? version.entry : version.guide;
    return {
      ...version,
      url: same ?? fallback,
      samePage: same !== undefined,
      fallback: api ? "API reference" : "introduction",
    };
  });
  return { version: reading, versions, ownVersion: own !== undefined };
}

/** A docs page adds the sidebar, breadcrumbs and previous/next links. */
export interface DocRouteData extends ContentRouteData, PageVersions {
  /** The version's sidebar as this page shows it (app/docs/sidebar.ts). */
  navigation: SidebarItem[];
  /** Development only: mistakes in the version's `_category_.json` files, shown above the sidebar. */
  navigationProblems?: ContentProblem[];
  breadcrumbs: Breadcrumb[];
  previous: PageLink | null;
  next: PageLink | null;
}

/** Only the current release is for search engines (docs/decisions/017-versions-for-search-engines.md): other versions' pages say noindex. */
export function versionRobots(
  site: SiteVersion[] | null | undefined,
  id: string | undefined,
): { name: string; content: string }[] {
  const status = site?.find((version) => version.id === id)?.status;
  return status && status !== "current" ? [{ name: "robots", content: "noindex, follow" }] : [];
}
