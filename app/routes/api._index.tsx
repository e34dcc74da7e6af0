import type { MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { ApiExplorer } from "~/components/api/ApiExplorer";
import { ApiSidebar } from "~/components/api/ApiSidebar";
import { useOperationDeepLink } from "~/components/api/operation-deep-link";
import { useRememberedSampleLanguage } from "~/components/api/sample-language";
import { loader } from "~/route-loaders/api-reference.server";
import { DocContent, Main, pageMeta, rootFromMatches, versionRobots } from "~/page-kit";
import type { RouteHandle } from "~/route-inputs";

export const handle: RouteHandle = { inputs: {} };

// This module is also the route of /api/<version or tag> and /api/<version>/<tag>
// (routes/api.$first.tsx and routes/api.$first_.$tag.tsx re-export it).
export { loader };

// "/api" and "/api/" both answer; "/api" is canonical (and "/api/next" for Next).
export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
  const root = rootFromMatches(matches);
  return data?.page
    ? pageMeta({
        title: data.page.title,
        description: data.page.description,
        path: data.page.url,
        root,
        type: "website",
        extra: versionRobots(root?.versions, data.version),
      })
    : [];
};

export default function ApiReferencePage() {
  const data = useLoaderData<typeof loader>();
  useOperationDeepLink(data.overview?.url ?? data.page.url, data.overview === null);
  const overviewUrl = data.overview?.url ?? data.page.url;
  useRememberedSampleLanguage(data.page.url);
  return (
    <div className="mx-auto flex w-full max-w-8xl flex-1 px-4">
      <ApiSidebar navigation={data.navigation} overviewUrl={overviewUrl} pageUrl={data.page.url} />
      <Main className="min-w-0 flex-1">
        <div className="mx-auto max-w-5xl px-4 pt-10">
          {data.overview ? (
            <p className="mb-2 text-sm font-bold">
              <Link className="text-brand-strong underline dark:text-brand" to={data.overview.url}>
                {data.overview.label}
              </Link>
            </p>
          ) : null}
          <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl dark:text-white">
            {data.heading}
          </h1>
          <p className="mt-3 flex flex-wrap items-center gap-3 text-sm text-slate-600 dark:text-slate-400">
            <span className="font-bold text-slate-900 dark:text-white">{data.specTitle}</span>
            <span className="rounded-full bg-sky-100 px-3 py-1 font-bold text-sky-900 dark:bg-sky-950 dark:text-sky-200">
              Version {data.specVersion}
            </span>
            <span>
              {data.operationCount} {data.operationCount === 1 ? "operation" : "operations"}
            </span>
            <a className="font-medium text-brand-strong underline dark:text-brand" href={data.specYamlUrl}>
              Download OpenAPI (YAML)
            </a>
            <a className="font-medium text-brand-strong underline dark:text-brand" href={data.specJsonUrl}>
              Download OpenAPI (JSON)
            </a>
          </p>
        </div>
        <ApiExplorer
          key={data.specJsonUrl}
          scriptUrl={data.explorerScriptUrl}
          specUrl={data.specJsonUrl}
          specServers={data.specServers}
        >
          <DocContent url={data.page.url} html={data.page.html} />
        </ApiExplorer>
      </Main>
    </div>
  );
}
