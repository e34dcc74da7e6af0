import type { IncomingMessage, ServerResponse } from "node:http";
import { apiAddress } from "~/api-reference/page-data.server";
import { pageInOtherCase } from "~/docs/route-data.server";
import { permanentRedirect } from "./guard-contract";
import { routeManifest } from "./route-manifest.server";

/** A target a Location header can carry back unchanged: printable ASCII without a backslash. */
const PLAIN_TARGET = /^\/[\x21-\x5b\x5d-\x7e]*$/;

/**
 * Whether the route's loader sends `path` to the page it names in one
 * permanent redirect: the address of a page, or an old one, in other capitals
 * ("/DOCS/USER-GUIDE/INSTALLATION", "/MARKDOWN-PAGE"), or of an API page
 * ("/API/Albums"). Such a path is left to it: spelling the route's segment
 * here first made two redirects ("/docs/USER-GUIDE/INSTALLATION", then the
 * page), and a page's old address was lost on the way (a 404).
 */
function redirectedByItsLoader(path: string): boolean {
  const bare = path.replace(/(.)\/+$/, "$1").replace(/\.md$/, "");
  if (pageInOtherCase(bare) !== null) return true;
  const [first, ...parts] = bare.split("/").filter(Boolean);
  if (first?.toLowerCase() !== "api" || parts.length < 1 || parts.length > 2) return false;
  try {
    const address = apiAddress(...(parts.map(decodeURIComponent) as [string, string | undefined]));
    return address !== null && "redirect" in address && address.permanent === true;
  } catch {
    return false; // a part that does not decode names no page
  }
}

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
  const path = end === -1 ? target : target.slice(0, end);
  if (redirectedByItsLoader(path)) return false;
  const spelled = routeManifest.spelledAsRoutes(path);
  if (spelled === null) return false;
  const { status, headers } = permanentRedirect(request.method, `${spelled}${end === -1 ? "" : target.slice(end)}`);
  response.writeHead(status, headers);
  response.end();
  return true;
}
