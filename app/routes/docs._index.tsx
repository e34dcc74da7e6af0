import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { getSiteConfig } from "~/config.server";
import { docsRedirect } from "~/docs/route-data.server";
import { publicOrigin } from "~/http/origin.server";
import { textRoute } from "~/lib/load.server";
import type { RouteHandle } from "~/route-inputs";

export const handle: RouteHandle = { inputs: {} };

/** "Docs" is the current release's introduction (the developer guide's, app/content/build/build.server.ts ENTRY_SLUG). */
export const loader = textRoute(({ request }: LoaderFunctionArgs) => {
  throw redirect(`${publicOrigin(request, getSiteConfig())}${docsRedirect("/docs")}`, 302);
});
