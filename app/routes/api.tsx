import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
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
    const spec: ApiSpecSummary = {
      title: api.title,
      version: api.version,
      operationCount: api.operationCount,
      servers: api.servers,
      yamlUrl: "/openapi.yaml",
      // Also what the explorer loads: always from our own origin.
      jsonUrl: "/openapi.json",
    };
    return json({ page, spec });
  });
}

// "/api" and "/api/" both answer; "/api" is canonical.
export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  pageMeta({ title: "API Reference", description: data?.page.description ?? "", path: "/api", root: rootFromMatches(matches), type: "website" });

/** What the page says about the spec it shows; the page reads nothing else about it. */
interface ApiSpecSummary {
  title: string;
  version: string;
  operationCount: number;
  servers: string[];
  yamlUrl: string;
  jsonUrl: string;
}

export default function ApiReferencePage() {
  const { page, spec } = useLoaderData<typeof loader>();
  return (
    <Main className="w-full">
      <div className="mx-auto max-w-5xl px-4 pt-10">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl dark:text-white">{page.title}</h1>
        <p className="mt-3 flex flex-wrap items-center gap-3 text-sm text-slate-600 dark:text-slate-400">
          <span className="font-bold text-slate-900 dark:text-white">{spec.title}</span>
          <span className="rounded-full bg-sky-100 px-3 py-1 font-bold text-sky-900 dark:bg-sky-950 dark:text-sky-200">Version {spec.version}</span>
          <span>{spec.operationCount} operations</span>
          <a className="font-medium text-brand-strong underline dark:text-brand" href={spec.yamlUrl}>Download OpenAPI (YAML)</a>
          <a className="font-medium text-brand-strong underline dark:text-brand" href={spec.jsonUrl}>Download OpenAPI (JSON)</a>
        </p>
      </div>
      <ApiExplorer specUrl={spec.jsonUrl} specServers={spec.servers}>
        <DocContent url={page.url} html={page.html} />
      </ApiExplorer>
    </Main>
  );
}
