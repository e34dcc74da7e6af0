import type { LoaderFunctionArgs } from "@remix-run/node";
import { textRoute } from "~/lib/load.server";
import { sitemapXml } from "~/seo/sitemap.server";
import { APPLICATION_XML, textResource } from "~/seo/text-resource.server";
import type { RouteHandle } from "~/route-inputs";

export const handle: RouteHandle = { inputs: {} };

export const loader = textRoute(({ request }: LoaderFunctionArgs) =>
  textResource(request, "sitemap", APPLICATION_XML, ({ content, origin }) => sitemapXml(content, origin)),
);
