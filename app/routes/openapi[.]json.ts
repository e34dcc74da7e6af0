import type { LoaderFunctionArgs } from "@remix-run/node";
import { textRoute } from "~/lib/load.server";
import { specResponse } from "~/api-reference/spec-response.server";

/** The API contract as JSON (the same document as /openapi.yaml). */
export const loader = textRoute(({ request }: LoaderFunctionArgs) => specResponse(request, "json"));
