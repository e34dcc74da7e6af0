import { currentVersion } from "~/content/site-versions";
import { getSiteContent, hasApiReference } from "~/content/store.server";
import type { SiteContent, VersionContent } from "~/content/types";
import { mapUrlToVersion } from "~/content/versions";
import type { PageVersions, SiteVersion } from "./route-data";

/**
 * The same page as `url` (a page of `reading`) in every version that has it.
 * `exists` says whether an address is a page of that version (a docs page, or
 * its API reference).
 */
export function versionLinks(
  content: Pick<SiteContent, "versions">,
  reading: VersionContent,
  url: string,
  exists: (url: string, version: VersionContent) => boolean,
): PageVersions {
  const alternates: Record<string, string> = {};
  for (const entry of content.versions) {
    const same = mapUrlToVersion(url, reading.version, entry.version);
    if (exists(same, entry)) alternates[entry.version.id] = same;
  }
  return { version: reading.version.id, alternates };
}

/** Where a reader starts reading a version: the user guide's introduction. */
const GUIDE_SLUG = "user-guide/introduction";

/** Every version with its introduction and API reference, in menu order. */
export function siteVersionsOf(
  content: Pick<SiteContent, "versions"> & Partial<Pick<SiteContent, "pages">>,
): SiteVersion[] {
  const currentApi = currentVersion(content).version.apiUrl;
  // Every request asks this (the root loader): nothing here may read a page or an API reference from the store.
  return content.versions.map((versionEntry) => {
    const { version, entry } = versionEntry;
    const guide = `${version.docsBase}/${GUIDE_SLUG}`;
    return {
      id: version.id,
      label: version.label,
      status: version.status,
      entry,
      guide: content.pages && Object.hasOwn(content.pages, guide) ? guide : entry,
      docsBase: version.docsBase,
      apiUrl: hasApiReference(versionEntry) ? version.apiUrl : currentApi,
    };
  });
}

/** The root loader's versions: never throws, so a missing content file does not take down every page. */
export function siteVersions(): SiteVersion[] | null {
  try {
    return siteVersionsOf(getSiteContent());
  } catch {
    return null;
  }
}
