import type { LoaderFunctionArgs } from "@remix-run/node";
import { textRoute } from "~/lib/load.server";
import { llmsResponse } from "~/seo/llms.server";
import type { RouteHandle } from "~/route-inputs";

export const handle: RouteHandle = { inputs: {} };

/** The docs index of the current release for language models and other tools (llms.txt convention). */
export const loader = textRoute(({ request }: LoaderFunctionArgs) => llmsResponse(request, "llms.txt"));
