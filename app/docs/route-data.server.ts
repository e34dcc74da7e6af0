import { getSiteConfig } from "~/config.server";
import { categoryTrail, flattenNavigation } from "~/content/navigation.server";
import { sidebarFor } from "./sidebar";
import { currentVersion, versionById } from "~/content/site-versions";
import { findPage, getSiteContent, liveProblems, pageKind } from "~/content/store.server";
import type { CompiledPage } from "~/content/types";
import { Lru } from "~/lib/lru";
import type { ContentRouteData, DocRouteData } from "./route-data";
import { versionLinks } from "./version-links.server";

function contentRouteData(page: CompiledPage): ContentRouteData {
  const { editUrlBase } = getSiteConfig();
  return {
    page: { url: page.url, title: page.title, description: page.description, html: page.html, kind: page.kind },
    toc: page.toc,
    markdownUrl: `${page.url}.md`,
    editUrl: `${editUrlBase}/${page.sourcePath}`,
    lastUpdated: page.lastUpdated,
  };
}

// Bounded: with thousands of pages, keeping every page's data would hold the whole site in memory.
const docsCache = new Lru<string, DocRouteData>(256);
let docsCacheBuild = "";

/** Route data of the docs page at `url` ("/docs/user-guide/installation", "/docs/next/…"), or null. */
export function docRouteData(url: string): DocRouteData | null {
  const data = cachedDocRouteData(url);
  if (!data) return null;
  // Development: a broken category file shows in the sidebar of its version's pages.
  const navigationProblems = liveProblems(`navigation:${data.version}`);
  return navigationProblems.length ? { ...data, navigationProblems } : data;
}

function cachedDocRouteData(url: string): DocRouteData | null {
  const content = getSiteContent();
  if (docsCacheBuild !== content.buildId) {
    docsCache.clear();
    docsCacheBuild = content.buildId;
  }
  const cached = docsCache.get(url);
  if (cached) return cached;

  const page = findPage(url);
  const version = page?.version ? versionById(content, page.version) : undefined;
  if (!page || page.kind !== "doc" || !version) return null;
  // Sidebar, breadcrumbs and previous/next stay inside the page's own version.
  const { navigation } = version;
  const order = flattenNavigation(navigation);
  const index = order.findIndex((link) => link.slug === page.slug);
  const neighbour = (i: number) => {
    const link = order[i];
    return link ? { label: link.label, url: link.url } : null;
  };
  const data: DocRouteData = {
    ...contentRouteData(page),
    ...versionLinks(content, version, page.url, (same) => pageKind(same) === "doc"),
    navigation: sidebarFor(navigation, page.slug),
    breadcrumbs: [
      { label: "Docs", url: version.version.docsBase },
      ...(categoryTrail(navigation, page.slug) ?? []).map((label) => ({ label })),
      { label: page.sidebarLabel, url: page.url },
    ],
    previous: index > 0 ? neighbour(index - 1) : null,
    next: index >= 0 ? neighbour(index + 1) : null,
  };
  docsCache.set(url, data);
  return data;
}

/** Route data of a standalone content page ("/markdown-page"), or null. */
export function standalonePageData(url: string): ContentRouteData | null {
  const page = findPage(url);
  return page && page.kind === "page" ? contentRouteData(page) : null;
}

/**
 * Where a docs address that is no page leads: a version's root ("/docs",
 * "/docs/next") to its introduction, and the current release named by its id
 * ("/docs/24.05.08/…", the address it will have once it is no longer current)
 * to its unversioned address. Null for anything else (a 404).
 */
export function docsRedirect(path: string): string | null {
  const content = getSiteContent();
  const root = content.versions.find((entry) => entry.version.docsBase === path);
  if (root) return root.entry;
  const current = currentVersion(content);
  const named = `/docs/${current.version.id}`;
  if (path !== named && !path.startsWith(`${named}/`)) return null;
  const unversioned = `/docs${path.slice(named.length)}`;
  return pageKind(unversioned) === "doc" ? unversioned : current.entry;
}

/**
 * Where an address in other capitals leads: the page it names
 * ("/docs/User-Guide/Installation" for "/docs/user-guide/installation",
 * "/MARKDOWN-PAGE" for "/markdown-page"), or where the old address it names
 * now leads ("/DOCS/DEV-GUIDE/NOTES-BFF" to "/docs/dev-guide/notes"); null
 * otherwise. Pages' addresses are their file names, in lower case; a reader
 * who types one otherwise is sent to it, in one redirect, rather than shown the
 * not-found page.
 */
export function pageInOtherCase(path: string): string | null {
  if (!/[A-Z]/.test(path) || pageKind(path) !== undefined) return null;
  const lower = path.toLowerCase();
  return pageKind(lower) !== undefined ? lower : movedPage(lower);
}

/**
 * Where an old address of a page leads (front matter `redirect_from`), or
 * null. The Markdown twin of an old address leads to the page's Markdown twin
 * (a section means nothing there).
 */
export function movedPage(path: string, markdown = false): string | null {
  const to = getSiteContent().redirects?.[path];
  if (!to) return null;
  return markdown ? `${to.split("#")[0]}.md` : to;
}
