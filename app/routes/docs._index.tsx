import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { getSiteConfig } from "~/config.server";
import { docsRedirect } from "~/docs/route-data.server";
import { publicOrigin } from "~/http/origin.server";
import { load } from "~/lib/load.server";

/** "Docs" is the current release's introduction (the developer guide's, app/content/build.server.ts ENTRY_SLUG). */
export async function loader({ request }: LoaderFunctionArgs) {
  return load(() => {
    throw redirect(`${publicOrigin(request, getSiteConfig())}${docsRedirect("/docs")}`, 302);
  });
}
