import { useMatches } from "@remix-run/react";
import { createContext, createElement, useContext, useEffect, useState, type ReactNode } from "react";
import { versionMenu, type PageVersions, type VersionedRouteData } from "~/docs/route-data";
import type { SearchVersion } from "~/search/types";
import { useRootData } from "./root-data";
import { versionCookie } from "./version-cookie";

/** Route data that names its docs version (docs pages, API references). */
function isVersioned(data: unknown): data is PageVersions {
  const candidate = data as Partial<PageVersions> | null;
  return Boolean(
    candidate &&
    typeof candidate.version === "string" &&
    candidate.alternates &&
    typeof candidate.alternates === "object",
  );
}

/** The versioned data of the page being read, if it belongs to a version. */
function useVersionedPage(): PageVersions | null {
  const matches = useMatches();
  return ([...matches].reverse().find((match) => isVersioned(match.data))?.data as PageVersions | undefined) ?? null;
}

/** The versions as the page being read shows them (useVersions), worked out once for every component that asks. */
const Versions = createContext<VersionedRouteData | null>(null);

/**
 * Holds the reader's chosen version in the browser. It starts as the cookie
 * the server read (root data), and becomes the version of every versioned
 * page the reader opens, written to the cookie at once: the root data is not
 * loaded again on client navigation, and the next document the browser asks
 * for must carry the choice (app/lib/version-cookie.ts).
 */
export function ChosenVersionProvider({ children }: { children: ReactNode }) {
  const root = useRootData();
  const page = useVersionedPage();
  const pageVersion = page?.version;
  const [chosen, setChosen] = useState(root?.chosenVersion ?? null);
  const site = root?.versions;
  useEffect(() => {
    const version = site?.find((entry) => entry.id === pageVersion);
    if (!version) return;
    const id = version.status === "current" ? null : version.id;
    // Written on every versioned page: cheaper in code than reading the cookie first.
    document.cookie = versionCookie(id, window.location.protocol === "https:");
    setChosen(id);
  }, [pageVersion, site]);
  return createElement(Versions.Provider, { value: versionMenu(site ?? [], page, chosen) }, children);
}

/**
 * The docs version of the page being read (a docs page or an API reference)
 * with the same page in every version; on other pages, the version the reader
 * chose (else the current release) and each version's introduction. Null
 * only when the root data is missing.
 */
export function useVersions(): VersionedRouteData | null {
  return useContext(Versions);
}

/** The versions as search names them. */
export function searchVersions(data: VersionedRouteData | null): SearchVersion[] {
  return (data?.versions ?? []).map(({ id, label, status }) => ({ id, label, current: status === "current" }));
}
