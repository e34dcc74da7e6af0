import { isRouteErrorResponse, useLocation, useMatches, useRouteError } from "@remix-run/react";
import type { RouteHandle } from "~/route-inputs";
import { pageAddress } from "./page-address";

/**
 * Where a settings form sent without JavaScript comes back to: this page's
 * own address (without the query parameters its routes do not declare). The
 * not-found page names none: one stored copy of it answers every address
 * that does not exist, so the server returns the reader to the page the
 * browser says the form came from (its Referer) instead.
 */
export function useReturnAddress(): string {
  const location = useLocation();
  const matches = useMatches();
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return "";
  // Every route declares its inputs (tests/unit/route-inputs.test.ts), so the handle's shape is not checked again here:
  // this runs in the browser, on every page.
  const read = matches.flatMap((match) => (match.handle as RouteHandle | undefined)?.inputs?.query ?? []);
  return pageAddress(location.pathname, location.search, [...new Set(read)]);
}
