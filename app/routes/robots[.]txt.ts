import type { LoaderFunctionArgs } from "@remix-run/node";
import { textRoute } from "~/lib/load.server";
import { robotsTxt } from "~/seo/robots.server";
import { TEXT_PLAIN, textResource } from "~/seo/text-resource.server";
import type { RouteHandle } from "~/route-inputs";

export const handle: RouteHandle = { inputs: {} };

export const loader = textRoute(({ request }: LoaderFunctionArgs) =>
  textResource(request, "robots", TEXT_PLAIN, ({ origin }) => robotsTxt(origin)),
);
