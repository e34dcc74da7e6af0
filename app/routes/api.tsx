import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useCallback, useState } from "react";
import { ApiExplorer } from "~/components/api/ApiExplorer";
import { DocContent } from "~/components/docs/DocContent";
import { Main } from "~/components/layout/Main";
import { getSiteConfig } from "~/config.server";
import { getSiteContent } from "~/content/store.server";
import type { ContentRouteData } from "~/docs/route-data";
import { load } from "~/lib/load.server";
import { pageMeta, rootFromMatches } from "~/lib/meta";

const description = (brand: string, version: string) =>
  `Every call of the ${brand} REST API (release ${version}): parameters, request bodies, responses and authentication, with an interactive explorer.`;

export async function loader(_: LoaderFunctionArgs) {
  return load(() => {
    const { api, partials } = getSiteContent();
    const intro = partials["api-introduction"]?.html ?? "";
    const page: ContentRouteData["page"] = {
      url: "/api",
      title: "API Reference",
      description: description(getSiteConfig().brand, api.version),
      kind: "page",
      // One block: the introduction, then every operation. The hydration payload
      // leaves it out (app/http/hydration.server.ts); the explorer hides the list part.
      html: `<div class="api-intro">${intro}</div><div class="api-operations">${api.html}</div>`,
    };
    return json({ page, version: api.version, operationCount: api.operationCount, specServers: api.servers });
  });
}

// "/api" and "/api/" both answer; "/api" is canonical.
export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  pageMeta({ title: "API Reference", description: data?.page.description ?? "", path: "/api", root: rootFromMatches(matches), type: "website" });

export default function ApiReferencePage() {
  const data = useLoaderData<typeof loader>();
  const [explorerReady, setExplorerReady] = useState(false);
  const onReady = useCallback(() => setExplorerReady(true), []);
  return (
    <Main className="w-full">
      <div className="mx-auto max-w-5xl px-4 pt-10">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl dark:text-white">{data.page.title}</h1>
        <p className="mt-3 flex flex-wrap items-center gap-3 text-sm text-slate-600 dark:text-slate-400">
          <span className="rounded-full bg-sky-100 px-3 py-1 font-bold text-sky-900 dark:bg-sky-950 dark:text-sky-200">Version {data.version}</span>
          <span>{data.operationCount} operations</span>
          <a className="font-medium text-brand-strong underline dark:text-brand" href="/openapi.yaml">Download OpenAPI (YAML)</a>
          <a className="font-medium text-brand-strong underline dark:text-brand" href="/openapi.json">Download OpenAPI (JSON)</a>
        </p>
      </div>
      <div className="mx-auto max-w-5xl px-4 pb-10" data-explorer-ready={explorerReady ? "" : undefined}>
        <DocContent url={data.page.url} html={data.page.html} />
      </div>
      <ApiExplorer specServers={data.specServers} onReady={onReady} />
    </Main>
  );
}
