import { getSiteConfig } from "~/config.server";
import { categoryTrail, flattenNavigation } from "~/content/navigation.server";
import { findPage, getSiteContent } from "~/content/store.server";
import type { CompiledPage } from "~/content/types";
import type { ContentRouteData, DocRouteData } from "./route-data";

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

const docsCache = new Map<string, DocRouteData>();
let docsCacheBuild = "";

/** Route data of the docs page at `url` ("/docs/user-guide/installation"), or null. */
export function docRouteData(url: string): DocRouteData | null {
  const content = getSiteContent();
  if (docsCacheBuild !== content.buildId) {
    docsCache.clear();
    docsCacheBuild = content.buildId;
  }
  const cached = docsCache.get(url);
  if (cached) return cached;

  const page = findPage(url);
  if (!page || page.kind !== "doc") return null;
  const order = flattenNavigation(content.navigation);
  const index = order.findIndex((link) => link.slug === page.slug);
  const neighbour = (i: number) => {
    const link = order[i];
    return link ? { label: link.label, url: link.url } : null;
  };
  const data: DocRouteData = {
    ...contentRouteData(page),
    navigation: content.navigation,
    breadcrumbs: [
      { label: "Docs", url: "/docs" },
      ...(categoryTrail(content.navigation, page.slug) ?? []).map((label) => ({ label })),
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
