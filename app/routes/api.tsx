import type { MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { ApiExplorer } from "~/components/api/ApiExplorer";
import { loader } from "~/route-loaders/api-reference.server";
import { DocContent, Main, pageMeta, rootFromMatches, versionRobots } from "~/page-kit";

// This module is also the route of /api/<version> (routes/api.$version.tsx re-exports it).
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
  return (
    <Main className="w-full">
      <div className="mx-auto max-w-5xl px-4 pt-10">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl dark:text-white">{data.page.title}</h1>
        <p className="mt-3 flex flex-wrap items-center gap-3 text-sm text-slate-600 dark:text-slate-400">
          <span className="font-bold text-slate-900 dark:text-white">{data.specTitle}</span>
          <span className="rounded-full bg-sky-100 px-3 py-1 font-bold text-sky-900 dark:bg-sky-950 dark:text-sky-200">Version {data.specVersion}</span>
          <span>{data.operationCount} operations</span>
          <a className="font-medium text-brand-strong underline dark:text-brand" href={data.specYamlUrl}>Download OpenAPI (YAML)</a>
          <a className="font-medium text-brand-strong underline dark:text-brand" href={data.specJsonUrl}>Download OpenAPI (JSON)</a>
        </p>
      </div>
      <ApiExplorer key={data.specJsonUrl} specUrl={data.specJsonUrl} specServers={data.specServers}>
        <DocContent url={data.page.url} html={data.page.html} />
      </ApiExplorer>
    </Main>
  );
}
