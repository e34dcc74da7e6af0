import { useMatches } from "@remix-run/react";
import { versionMenu, type PageVersions, type VersionedRouteData } from "~/docs/route-data";
import type { SearchVersion } from "~/search/types";
import { useRootData } from "./root-data";

/** Route data that names its docs version (docs pages, API references). */
function isVersioned(data: unknown): data is PageVersions {
  const candidate = data as Partial<PageVersions> | null;
  return Boolean(candidate && typeof candidate.version === "string" && candidate.alternates && typeof candidate.alternates === "object");
}

/**
 * The docs version of the page being read (a docs page or an API reference)
 * with the same page in every version; on other pages, the current release
 * and each version's introduction. Null only when the root data is missing.
 */
export function useVersions(): VersionedRouteData | null {
  const matches = useMatches();
  const site = useRootData()?.versions ?? [];
  const page = [...matches].reverse().find((match) => isVersioned(match.data))?.data;
  return versionMenu(site, (page as PageVersions | undefined) ?? null);
}

/** The versions as search names them. */
export function searchVersions(data: VersionedRouteData | null): SearchVersion[] {
  return (data?.versions ?? []).map(({ id, label, status }) => ({ id, label, current: status === "current" }));
}
