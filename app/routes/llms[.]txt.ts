import type { LoaderFunctionArgs } from "@remix-run/node";
import { llmsTxt } from "~/seo/llms.server";
import { TEXT_PLAIN, textResource } from "~/seo/text-resource.server";

/** The docs index for language models and other tools (llms.txt convention). */
export function loader({ request }: LoaderFunctionArgs) {
  return textResource(request, "llms", TEXT_PLAIN, llmsTxt);
}
