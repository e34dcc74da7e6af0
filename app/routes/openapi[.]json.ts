import type { LoaderFunctionArgs } from "@remix-run/node";
import { specResponse } from "~/api-reference/spec-response.server";

/** The API contract as JSON (the same document as /openapi.yaml). */
export function loader({ request }: LoaderFunctionArgs) {
  return specResponse(request, "json");
}
