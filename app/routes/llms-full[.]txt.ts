import type { LoaderFunctionArgs } from "@remix-run/node";
import { llmsFullTxt } from "~/seo/llms.server";
import { TEXT_PLAIN, textResource } from "~/seo/text-resource.server";

/** The whole guide as one Markdown file, for language models and other tools. */
export function loader({ request }: LoaderFunctionArgs) {
  return textResource(request, "llms-full", TEXT_PLAIN, llmsFullTxt);
}
