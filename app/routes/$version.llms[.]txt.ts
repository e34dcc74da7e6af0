import type { LoaderFunctionArgs } from "@remix-run/node";
import { textRoute } from "~/lib/load.server";
import { llmsResponse } from "~/seo/llms.server";
import type { RouteHandle } from "~/route-inputs";

export const handle: RouteHandle = { inputs: {} };

/** Another version's docs index: /next/llms.txt, /<release>/llms.txt. */
export const loader = textRoute(({ request, params }: LoaderFunctionArgs) =>
  llmsResponse(request, "llms.txt", params.version ?? ""),
);
