import type { LoaderFunctionArgs } from "@remix-run/node";
import { textRoute } from "~/lib/load.server";
import { specResponse } from "~/api-reference/spec-response.server";
import type { RouteHandle } from "~/route-inputs";

export const handle: RouteHandle = { inputs: {} };

/** The API contract as JSON (the same document as /openapi.yaml). */
export const loader = textRoute(({ request }: LoaderFunctionArgs) => specResponse(request, "json"));
