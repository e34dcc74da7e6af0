import type { MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { SearchResultsPage } from "~/components/search/SearchResultsPage";
import { loader } from "~/route-loaders/search.server";
import { pageMeta, rootFromMatches } from "~/page-kit";
import { titledSearch } from "~/search/result-pages";
import type { RouteHandle } from "~/route-inputs";

// The query, the search's scope and the page of results (app/search/scope.ts): each is part of the page's address.
export const handle: RouteHandle = { inputs: { query: ["q", "version", "first", "page"] } };

export { loader };

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
  const root = rootFromMatches(matches);
  return pageMeta({
    title: data?.query ? `Search: ${titledSearch(data)}` : "Search",
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
