import type { LoaderFunctionArgs } from "@remix-run/node";
import { llmsResponse } from "~/seo/llms.server";

/** Another version's whole guide in one Markdown file: /next/llms-full.txt. */
export function loader({ request, params }: LoaderFunctionArgs) {
  return llmsResponse(request, "llms-full.txt", params.version ?? "");
}
