import type { LoaderFunctionArgs } from "@remix-run/node";
import { robotsTxt } from "~/seo/robots.server";
import { TEXT_PLAIN, textResource } from "~/seo/text-resource.server";

export function loader({ request }: LoaderFunctionArgs) {
  return textResource(request, "robots", TEXT_PLAIN, ({ origin }) => robotsTxt(origin));
}
