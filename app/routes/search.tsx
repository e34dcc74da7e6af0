import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { SearchResultsPage } from "~/components/search/SearchResultsPage";
import { load } from "~/lib/load.server";
import { pageMeta, rootFromMatches } from "~/lib/meta";
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

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
  const root = rootFromMatches(matches);
  return pageMeta({
    title: data?.query ? `Search: ${data.query}` : "Search",
    description: `Search the ${root?.config.brand ?? ""} user guide, developer guide and API reference.`,
    path: "/search",
    root,
    type: "website",
    // Result lists are not pages to index: they would compete with the pages they list.
    extra: [{ name: "robots", content: "noindex" }],
  });
};

export default function Search() {
  return <SearchResultsPage answer={useLoaderData<typeof loader>()} />;
}
