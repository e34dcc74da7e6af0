import { json, redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { getSiteConfig } from "~/config.server";
import { MOVED } from "~/docs/moved";
import { docRouteData, docsRedirect } from "~/docs/route-data.server";
import { publicOrigin } from "~/http/origin.server";
import { load } from "~/lib/load.server";


export async function loader({ request }: LoaderFunctionArgs) {
  return load(() => {
    // The raw, still percent-encoded path: "%2F" or "%2e%2e" never matches a page.
    const path = new URL(request.url).pathname.replace(/(.)\/+$/, "$1").replace(/\.md$/, "");
    const moved = MOVED[path];
    if (moved) throw redirect(`${publicOrigin(request, getSiteConfig())}${moved}`, 301);
    const data = docRouteData(path);
    if (!data) {
      const elsewhere = docsRedirect(path);
      // 302: a version's introduction, and where the current release lives, change when a version is cut.
      if (elsewhere) throw redirect(`${publicOrigin(request, getSiteConfig())}${elsewhere}`, 302);
      throw new Response("Not Found", { status: 404 });
    }
    return json(data);
  });
}
