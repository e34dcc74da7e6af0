import type { LoaderFunctionArgs } from "@remix-run/node";
import { llmsResponse } from "~/seo/llms.server";

/** The docs index of the current release for language models and other tools (llms.txt convention). */
export function loader({ request }: LoaderFunctionArgs) {
  return llmsResponse(request, "llms.txt");
}
