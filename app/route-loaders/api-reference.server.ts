import { json, redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { apiRouteData, apiVersion } from "~/api-reference/page-data.server";
import { getSiteConfig } from "~/config.server";
import { publicOrigin } from "~/http/origin.server";
import { load } from "~/lib/load.server";

/** /api and /api/<version>: the version comes from the address. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  return load(() => {
    const version = apiVersion(params.version);
    if (version && "redirect" in version) throw redirect(`${publicOrigin(request, getSiteConfig())}${version.redirect}`, 302);
    const data = version ? apiRouteData(version) : null;
    if (!data) throw new Response("Not Found", { status: 404 });
    return json(data);
  });
}
