import type { SiteContent, VersionContent } from "./types";
import { versionOfUrl } from "./versions";

// Lookups over the versions of built content, for loaders and the site-wide
// files. Pure: the build and the tests use them on content they hold.

/** The current release: served at /docs and /api. Every build has one. */
export function currentVersion(content: Pick<SiteContent, "versions">): VersionContent {
  const current = content.versions.find((entry) => entry.version.status === "current");
  if (!current) throw new Error("the compiled content has no current release: rebuild it");
  return current;
}

export function versionById(content: Pick<SiteContent, "versions">, id: string): VersionContent | undefined {
  return content.versions.find((entry) => entry.version.id === id);
}

/** The version an address belongs to ("/docs/next/…", "/api/next"); the current release for anything else. */
export function versionOfAddress(content: Pick<SiteContent, "versions">, url: string): VersionContent {
  const version = versionOfUrl(
    content.versions.map((entry) => entry.version),
    url,
  );
  return (version && versionById(content, version.id)) ?? currentVersion(content);
}
