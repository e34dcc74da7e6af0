import { json, redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { apiAddress, apiPageBody, apiRouteData } from "~/api-reference/page-data.server";
import { getSiteConfig } from "~/config.server";
import { movedPermanently } from "~/http/moved.server";
import { publicOrigin } from "~/http/origin.server";
import { leaveBodyOut } from "~/http/page-body.server";
import { load } from "~/lib/load.server";

/**
 * /api, /api/<version or tag> and /api/<version>/<tag>: which reference and
 * which page come from the address (app/api-reference/page-data.server.ts).
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  return load(() => {
    const address = apiAddress(params.first, params.tag);
    if (address && "redirect" in address)
      throw address.permanent
        ? movedPermanently(request, address.redirect)
        : redirect(`${publicOrigin(request, getSiteConfig())}${address.redirect}`, 302);
    const data = address ? apiRouteData(address) : null;
    if (!address || !data) throw new Response("Not Found", { status: 404 });
    return json(leaveBodyOut(context, data, apiPageBody(address)));
  });
}
