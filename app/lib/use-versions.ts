import { useMatches } from "@remix-run/react";
import type { VersionedRouteData } from "~/docs/route-data";
import type { SearchVersion } from "~/search/types";
import { useRootData } from "./root-data";

/** Route data that names its docs version (docs pages, API references); search answers list versions too, but belong to none. */
function isVersioned(data: unknown): data is VersionedRouteData {
  const candidate = data as Partial<VersionedRouteData> | null;
  return Boolean(candidate && typeof candidate.version?.status === "string" && Array.isArray(candidate.versions));
}

/**
 * The docs version of the page being read (a docs page or an API reference)
 * with the same page in every version; on other pages, the current release
 * and each version's introduction. Null only when the root data is missing.
 */
export function useVersions(): VersionedRouteData | null {
  const matches = useMatches();
  const site = useRootData()?.versions ?? null;
  const page = [...matches].reverse().find((match) => isVersioned(match.data))?.data;
  return (page as VersionedRouteData | undefined) ?? site;
}

/** The versions as search names them. */
export function searchVersions(data: VersionedRouteData | null): SearchVersion[] {
  return (data?.versions ?? []).map(({ id, label, status }) => ({ id, label, current: status === "current" }));
}
