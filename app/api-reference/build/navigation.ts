import type { ApiReference, HttpMethod } from "./operations";
import { tagPageUrl } from "../addresses";

/** One call in the API navigation: where its section is and how it is named there. */
export interface ApiNavCall {
  /** The id of its section on its tag's page (the same id RapiDoc gives it). */
  anchor: string;
  method: HttpMethod;
  path: string;
  /** The spec's summary ("List albums"); the path where the spec gives none. */
  label: string;
}

/** One tag in the API navigation, with its calls in the order of its page. */
export interface ApiNavTag {
  label: string;
  /** Its page: "/api/albums", "/api/next/jobs". */
  url: string;
  calls: ApiNavCall[];
}

/**
 * The navigation of a version's API reference (app/components/api/ApiSidebar.tsx),
 * made at build time from the same grouping as the tag pages, so every entry
 * names a page and a section that exist.
 */
export function apiNavigation(reference: ApiReference, apiUrl: string): ApiNavTag[] {
  return reference.groups.map((group) => ({
    label: group.tag,
    url: tagPageUrl(apiUrl, group.tag),
    calls: group.operations.map((operation) => ({
      anchor: operation.anchor,
      method: operation.method,
      path: operation.path,
      label: operation.summary || operation.path,
    })),
  }));
}
