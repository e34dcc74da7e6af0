import type { LoaderFunctionArgs } from "@remix-run/node";
import { textRoute } from "~/lib/load.server";
import { llmsResponse } from "~/seo/llms.server";
import type { RouteHandle } from "~/route-inputs";

export const handle: RouteHandle = { inputs: {} };

/** The whole guide of the current release as one Markdown file, for language models and other tools. */
export const loader = textRoute(({ request }: LoaderFunctionArgs) => llmsResponse(request, "llms-full.txt"));
