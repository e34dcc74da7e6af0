import type { LoaderFunctionArgs } from "@remix-run/node";
import { specResponse } from "~/api-reference/spec-response.server";

/** The API contract as YAML, exactly as written in spec/openapi.yaml. */
export function loader({ request }: LoaderFunctionArgs) {
  return specResponse(request, "yaml");
}
