import type { LoaderFunctionArgs } from "@remix-run/node";
import { textRoute } from "~/lib/load.server";
import { specResponse } from "~/api-reference/spec-response.server";
import type { RouteHandle } from "~/route-inputs";

export const handle: RouteHandle = { inputs: {} };

/** Another version's API contract as JSON: /next/openapi.json, /<release>/openapi.json. */
export const loader = textRoute(({ request, params }: LoaderFunctionArgs) =>
  specResponse(request, "json", params.version ?? ""),
);
