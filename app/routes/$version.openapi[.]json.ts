import type { LoaderFunctionArgs } from "@remix-run/node";
import { specResponse } from "~/api-reference/spec-response.server";

/** Another version's API contract as JSON: /next/openapi.json, /<release>/openapi.json. */
export function loader({ request, params }: LoaderFunctionArgs) {
  return specResponse(request, "json", params.version ?? "");
}
