import { currentVersion } from "~/content/site-versions";
import { getSiteContent } from "~/content/store.server";
import type { SiteContent } from "~/content/types";
import { SiteSearch } from "./engine.server";

let loaded: { content: SiteContent; search: SiteSearch } | null = null;

/**
 * The search over the compiled content, loaded once: the index is part of the
 * file getSiteContent() reads, and is turned into a MiniSearch instance on the
 * first query. When development re-reads the content, the index follows.
 */
export function getSiteSearch(): SiteSearch {
  const content = getSiteContent();
  if (loaded?.content !== content) loaded = { content, search: siteSearchOf(content) };
  return loaded.search;
}

/** A search over `content`'s index and versions. */
export function siteSearchOf(content: Pick<SiteContent, "search" | "versions">): SiteSearch {
  const versions = content.versions.map(({ version }) => ({
    id: version.id,
    label: version.label,
    current: version.status === "current",
  }));
  return new SiteSearch(content.search, versions, currentVersion(content).version.id);
}
