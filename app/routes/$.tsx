import type { MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { loader } from "~/route-loaders/standalone-page.server";
import { DocContent, Main, PageMeta, pageMeta, rootFromMatches, TableOfContents } from "~/page-kit";
import type { RouteHandle } from "~/route-inputs";

export const handle: RouteHandle = { inputs: {} };

export { loader };

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  data?.page
    ? pageMeta({
        title: data.page.title,
        description: data.page.description,
        path: data.page.url,
        root: rootFromMatches(matches),
      })
    : [];

/**
 * Every address no other route claims: a content page outside the docs (no sidebar, no breadcrumbs),
 * or the not-found page (the loader's 404, rendered by the root error boundary).
 */
export default function StandalonePage() {
  const data = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto flex w-full max-w-6xl flex-1 px-4">
      <Main className="min-w-0 flex-1 py-10">
        <article className="doc-article">
          <h1 className="mb-6 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl dark:text-white">
            {data.page.title}
          </h1>
          <TableOfContents toc={data.toc} />
          <DocContent url={data.page.url} html={data.page.html} />
          <PageMeta data={data} />
        </article>
      </Main>
    </div>
  );
}
