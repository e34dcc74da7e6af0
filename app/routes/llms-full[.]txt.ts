import type { LoaderFunctionArgs } from "@remix-run/node";
import { llmsResponse } from "~/seo/llms.server";

/** The whole guide of the current release as one Markdown file, for language models and other tools. */
export function loader({ request }: LoaderFunctionArgs) {
  return llmsResponse(request, "llms-full.txt");
}
