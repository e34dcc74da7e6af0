import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { load } from "~/lib/load.server";
import { PAGE_LIMITS } from "~/search/limits";
import { scopeParams } from "~/search/scope";
import { getSiteSearch } from "~/search/store.server";

/** The results page: a plain GET form target, so searching works without JavaScript. */
export async function loader({ request }: LoaderFunctionArgs) {
  return load(() => {
    const url = new URL(request.url);
    const search = getSiteSearch();
    const { version, first } = scopeParams(url);
    return json(search.search(url.searchParams.get("q"), PAGE_LIMITS, search.scope(version, first)));
  });
}
