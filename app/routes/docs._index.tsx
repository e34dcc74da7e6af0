import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { getSiteConfig } from "~/config.server";
import { publicOrigin } from "~/http/origin.server";

/** "Docs" is the developer guide's introduction. */
export const DOCS_ENTRY = "/docs/dev-guide/introduction";

export function loader({ request }: LoaderFunctionArgs) {
  throw redirect(`${publicOrigin(request, getSiteConfig())}${DOCS_ENTRY}`, 302);
}
