import type { LoaderFunctionArgs } from "@remix-run/node";
import { llmsResponse } from "~/seo/llms.server";

/** Another version's docs index: /next/llms.txt, /<release>/llms.txt. */
export function loader({ request, params }: LoaderFunctionArgs) {
  return llmsResponse(request, "llms.txt", params.version ?? "");
}
