import { redirect } from "@remix-run/node";
import { getSiteConfig } from "~/config.server";
import { PERMANENT_REDIRECT_CACHE } from "./guard-contract";
import { publicOrigin } from "./origin.server";

/**
 * A loader's 301 to `path` on this site (an old address, other capitals, an
 * API alias): absolute, for proxies, and kept as long as the guard's own
 * permanent redirects.
 */
export function movedPermanently(request: Request, path: string): Response {
  return redirect(`${publicOrigin(request, getSiteConfig())}${path}`, {
    status: 301,
    headers: { "Cache-Control": PERMANENT_REDIRECT_CACHE },
  });
}
