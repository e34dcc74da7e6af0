import type { NavItem, TocEntry } from "~/content/types";

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
     * The rendered body. Always set on the server and in client-side
     * navigations; null while hydrating the first page, whose body the
     * browser already has (app/http/hydration.server.ts).
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

/** One entry of the version menu: where choosing that version leads from the page being read. */
export interface VersionLink {
  id: string;
  label: string;
  status: "next" | "current" | "release";
  /** The same page in that version, or, when it has no such page, that version's introduction. */
  url: string;
  /** False when `url` is the fallback (the version has no such page). */
  samePage: boolean;
}

/** The docs version a page belongs to, and the same page in the others (for the version menu and banner). */
export interface VersionedRouteData {
  /** With its introduction and API reference, where the navbar's Docs and API links lead while it is read. */
  version: { id: string; label: string; status: VersionLink["status"]; entry: string; apiUrl: string };
  /** Every version in menu order, this one included. */
  versions: VersionLink[];
}

/** A docs page adds the sidebar, breadcrumbs and previous/next links. */
export interface DocRouteData extends ContentRouteData, VersionedRouteData {
  navigation: NavItem[];
  breadcrumbs: Breadcrumb[];
  previous: PageLink | null;
  next: PageLink | null;
}
