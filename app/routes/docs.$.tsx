import type { MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { Breadcrumbs } from "~/components/docs/Breadcrumbs";
import { Pagination } from "~/components/docs/Pagination";
import { Sidebar } from "~/components/docs/Sidebar";
import { loader } from "~/route-loaders/docs-page.server";
import {
  DocContent,
  Main,
  PageMeta,
  pageMeta,
  rootFromMatches,
  SidebarProblems,
  TableOfContents,
  versionRobots,
} from "~/page-kit";
import type { RouteHandle } from "~/route-inputs";

export const handle: RouteHandle = { inputs: {} };

export { loader };

// Meta renders in the document head, outside the page's error boundary: it must
// never throw, even on data it does not expect.
export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
  if (!data?.page) return [];
  const root = rootFromMatches(matches);
  const origin = root?.origin ?? "";
  const crumbs = (data.breadcrumbs ?? []).filter((crumb) => crumb.url);
  return pageMeta({
    title: data.page.title,
    description: data.page.description,
    path: data.page.url,
    root,
    extra: [
      ...versionRobots(root?.versions, data.version),
      {
        "script:ld+json": {
          "@context": "https://schema.org",
          "@type": "BreadcrumbList",
          itemListElement: crumbs.map((crumb, index) => ({
            "@type": "ListItem",
            position: index + 1,
            name: crumb.label,
            item: `${origin}${crumb.url}`,
          })),
        },
      },
    ],
  });
};

export default function DocPage() {
  const data = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto flex w-full max-w-8xl flex-1 px-4">
      {/* Below 996 px this same sidebar is shown inside the open mobile menu (app.css, "Mobile menu"). */}
      <div className="docs-sidebar hidden w-64 shrink-0 border-r border-slate-200 lg:block dark:border-slate-800">
        {/* Room at the end: at the top of a page the announcement bar (and on Next its banner) push this box's end below the window. */}
        <div className="sticky top-16 max-h-[calc(100vh-4rem)] overflow-y-auto pb-36 pr-3 pt-6">
          {data.navigationProblems && <SidebarProblems problems={data.navigationProblems} />}
          <Sidebar navigation={data.navigation} />
        </div>
      </div>
      <Main className="min-w-0 flex-1 py-8 lg:px-10">
        <article className="doc-article">
          <Breadcrumbs items={data.breadcrumbs} />
          <h1 className="mb-6 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl dark:text-white">
            {data.page.title}
          </h1>
          <TableOfContents toc={data.toc} />
          <DocContent url={data.page.url} html={data.page.html} />
          <PageMeta data={data} />
          <Pagination previous={data.previous} next={data.next} />
        </article>
      </Main>
    </div>
  );
}
