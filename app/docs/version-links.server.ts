import type { SiteContent, VersionContent } from "~/content/types";
import { currentVersion } from "~/content/site-versions";
import { getSiteContent } from "~/content/store.server";
import { mapUrlToVersion } from "~/content/versions";
import type { VersionedRouteData, VersionLink } from "./route-data";

/**
 * Where each version's menu entry leads from `url` (a page of `reading`): the
 * same page when that version has it, else its introduction. `exists` says
 * whether an address is a page of the site (docs pages, or API references).
 */
export function versionLinks(
  content: Pick<SiteContent, "versions">,
  reading: VersionContent,
  url: string,
  exists: (url: string, version: VersionContent) => boolean,
): VersionedRouteData {
  const versions = content.versions.map((entry): VersionLink => {
    const same = mapUrlToVersion(url, reading.version, entry.version);
    const samePage = exists(same, entry);
    const { id, label, status } = entry.version;
    return { id, label, status, url: samePage ? same : entry.entry, samePage };
  });
  const { id, label, status } = reading.version;
  const apiUrl = reading.api ? reading.version.apiUrl : currentVersion(content).version.apiUrl;
  return { version: { id, label, status, entry: reading.entry, apiUrl }, versions };
}

/** The version menu of a page that belongs to no version (landing, search): each version's introduction. */
export function versionEntries(content: Pick<SiteContent, "versions">): VersionedRouteData {
  return versionLinks(content, currentVersion(content), "", () => false);
}

/** The root loader's version menu: never throws, so a missing content file does not take down every page. */
export function siteVersions(): VersionedRouteData | null {
  try {
    return versionEntries(getSiteContent());
  } catch {
    return null;
  }
}
