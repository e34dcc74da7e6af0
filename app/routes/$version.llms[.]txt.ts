import type { LoaderFunctionArgs } from "@remix-run/node";
import { textRoute } from "~/lib/load.server";
import { llmsResponse } from "~/seo/llms.server";

/** Another version's docs index: /next/llms.txt, /<release>/llms.txt. */
export const loader = textRoute(({ request, params }: LoaderFunctionArgs) =>
  llmsResponse(request, "llms.txt", params.version ?? ""),
);
