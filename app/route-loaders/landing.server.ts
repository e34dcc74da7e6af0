import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { getSiteConfig } from "~/config.server";
import { currentVersion } from "~/content/site-versions";
import { findPartial, getSiteContent } from "~/content/store.server";
import type { ContentRouteData } from "~/docs/route-data";
import { guardRejection } from "~/http/rejection.server";
import { siteVersionsOf } from "~/docs/version-links.server";
import { readChosenVersion } from "~/http/version-cookie.server";
import { leaveBodyOut } from "~/http/page-body.server";
import { landingHtml } from "~/landing/render.server";
import { load } from "~/lib/load.server";

const DESCRIPTION =
  "A self-hosted photo and video library with albums, people, places, things and search, running on your own hardware.";

export async function loader({ request, context }: LoaderFunctionArgs) {
  // Requests the request guard refused are sent here to get the site's error page.
  const rejected = guardRejection(request);
  if (rejected) throw new Response(null, { status: rejected });
  return load(() => {
    const config = getSiteConfig();
    const content = getSiteContent();
    const quickStart = findPartial("quick-start", content.partials)?.html ?? "";
    // The calls to action lead into the version the reader chose (app/lib/version-cookie.ts), else the current release.
    const chosen = readChosenVersion(request);
    const versions = siteVersionsOf(content);
    const into = versions.find((version) => version.id === chosen) ??
      versions.find((version) => version.status === "current") ?? { docsBase: "/docs", apiUrl: "/api" };
    // Sent as HTML like a docs page's body, and kept out of the route's data (app/http/page-body.server.ts).
    const page: ContentRouteData["page"] = {
      url: "/",
      title: config.tagline,
      description: DESCRIPTION,
      kind: "page",
      html: landingHtml(config, quickStart, currentVersion(content).diagrams?.architecture ?? null, into),
    };
    return json(leaveBodyOut(context, { page }));
  });
}
