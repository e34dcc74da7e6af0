import { useEffect, type RefObject } from "react";
import type { SiteVersion } from "~/docs/route-data";

/**
 * An attribute on links of server-kept HTML (the footer) that lead into a
 * docs version: a docs page's slug inside any version ("user-guide/installation"),
 * or API_LINK for the version's API reference.
 */
export const VERSIONED_LINK = "data-version-link";
export const API_LINK = "api";

/** Where a versioned link leads in `version`. */
export function versionedHref(slug: string, version: Pick<SiteVersion, "docsBase" | "apiUrl">): string {
  return slug === API_LINK ? version.apiUrl : `${version.docsBase}/${slug}`;
}

/**
 * Points the versioned links under `ref` into `version` whenever it changes:
 * the server drew them for the first page only, and the browser keeps that HTML.
 */
export function useVersionedLinks(
  ref: RefObject<HTMLElement>,
  version: Pick<SiteVersion, "docsBase" | "apiUrl"> | undefined,
) {
  const docsBase = version?.docsBase;
  const apiUrl = version?.apiUrl;
  useEffect(() => {
    if (docsBase === undefined || apiUrl === undefined) return;
    for (const link of ref.current?.querySelectorAll<HTMLAnchorElement>(`a[${VERSIONED_LINK}]`) ?? []) {
      link.setAttribute("href", versionedHref(link.getAttribute(VERSIONED_LINK) ?? "", { docsBase, apiUrl }));
    }
  }, [ref, docsBase, apiUrl]);
}
