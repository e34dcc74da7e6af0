import type { IncomingMessage, ServerResponse } from "node:http";
import { permanentRedirect } from "./guard-contract";
import { routeManifest } from "./route-manifest.server";

/** A target a Location header can carry back unchanged: printable ASCII without a backslash. */
const PLAIN_TARGET = /^\/[\x21-\x5b\x5d-\x7e]*$/;

/**
 * Redirects a request whose path spells a route's own segment another way
 * ("/API/albums", "/Search?q=…") to the route's spelling, the rest of the
 * target kept, and returns true; false for any other request. Remix matches
 * routes whatever their case: each spelling was a page of its own, rendered
 * (12 ms for an API page) and stored in the page cache apart, so spellings
 * could push the pages readers open out of it. The request guard has already
 * sent paths with repeated slashes elsewhere, so the path starts with one
 * slash.
 */
export function redirectToRouteSpelling(request: IncomingMessage, response: ServerResponse): boolean {
  const target = request.url ?? "";
  if (!PLAIN_TARGET.test(target)) return false;
  const end = target.search(/[?#]/);
  const spelled = routeManifest.spelledAsRoutes(end === -1 ? target : target.slice(0, end));
  if (spelled === null) return false;
  const { status, headers } = permanentRedirect(request.method, `${spelled}${end === -1 ? "" : target.slice(end)}`);
  response.writeHead(status, headers);
  response.end();
  return true;
}
