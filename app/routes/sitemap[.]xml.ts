import type { LoaderFunctionArgs } from "@remix-run/node";
import { sitemapXml } from "~/seo/sitemap.server";
import { APPLICATION_XML, textResource } from "~/seo/text-resource.server";

export function loader({ request }: LoaderFunctionArgs) {
  return textResource(request, "sitemap", APPLICATION_XML, ({ content, origin }) => sitemapXml(content, origin));
}
