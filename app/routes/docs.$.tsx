import { json, redirect, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { Breadcrumbs } from "~/components/docs/Breadcrumbs";
import { DocContent } from "~/components/docs/DocContent";
import { PageMeta } from "~/components/docs/PageMeta";
import { Pagination } from "~/components/docs/Pagination";
import { Sidebar } from "~/components/docs/Sidebar";
import { TableOfContents } from "~/components/docs/TableOfContents";
import { Main } from "~/components/layout/Main";
import { getSiteConfig } from "~/config.server";
import { versionRobots } from "~/docs/route-data";
import { docRouteData, docsRedirect } from "~/docs/route-data.server";
import { publicOrigin } from "~/http/origin.server";
import { load } from "~/lib/load.server";
import { pageMeta, rootFromMatches } from "~/lib/meta";

/** Old addresses that moved for good. */
const MOVED: Record<string, string> = {
  // One reading of the original notes route; "notes" is the page.
  "/docs/dev-guide/notes-bff": "/docs/dev-guide/notes",
};

export async function loader({ request }: LoaderFunctionArgs) {
  return load(() => {
    // The raw, still percent-encoded path: "%2F" or "%2e%2e" never matches a page.
    const path = new URL(request.url).pathname.replace(/(.)\/+$/, "$1").replace(/\.md$/, "");
    const moved = MOVED[path];
    if (moved) throw redirect(`${publicOrigin(request, getSiteConfig())}${moved}`, 301);
    const data = docRouteData(path);
    if (!data) {
      const elsewhere = docsRedirect(path);
      // 302: a version's introduction, and where the current release lives, change when a version is cut.
      if (elsewhere) throw redirect(`${publicOrigin(request, getSiteConfig())}${elsewhere}`, 302);
      throw new Response("Not Found", { status: 404 });
    }
    return json(data);
  });
}

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
        <div className="sticky top-16 max-h-[calc(100vh-4rem)] overflow-y-auto py-6 pr-3">
          <Sidebar navigation={data.navigation} />
        </div>
      </div>
      <Main className="min-w-0 flex-1 py-8 lg:px-10">
        <article className="doc-article">
          <Breadcrumbs items={data.breadcrumbs} />
          <h1 className="mb-6 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl dark:text-white">{data.page.title}</h1>
          <TableOfContents toc={data.toc} />
          <DocContent url={data.page.url} html={data.page.html} />
          <PageMeta data={data} />
          <Pagination previous={data.previous} next={data.next} />
        </article>
      </Main>
    </div>
  );
}
