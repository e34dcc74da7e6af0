import type { LoaderFunctionArgs } from "@remix-run/node";
import { textRoute } from "~/lib/load.server";
import { specResponse } from "~/api-reference/spec-response.server";

/** Another version's API contract as JSON: /next/openapi.json, /<release>/openapi.json. */
export const loader = textRoute(({ request, params }: LoaderFunctionArgs) =>
  specResponse(request, "json", params.version ?? ""),
);
