import type { LoaderFunctionArgs } from "@remix-run/node";
import { specResponse } from "~/api-reference/spec-response.server";

/** Another version's API contract as YAML: /next/openapi.yaml, /<release>/openapi.yaml. */
export function loader({ request, params }: LoaderFunctionArgs) {
  return specResponse(request, "yaml", params.version ?? "");
}
