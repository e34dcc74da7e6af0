import { getSiteConfig } from "~/config.server";
import { currentVersion } from "~/content/site-versions";
import { getSiteContent } from "~/content/store.server";
import type { VersionContent } from "~/content/types";
import type { ContentRouteData, PageVersions } from "~/docs/route-data";
import { versionLinks } from "~/docs/version-links.server";

const description = (brand: string, version: string, next: boolean) =>
  `Every call of the ${brand} REST API (${next ? "unreleased main branch, spec" : "release"} ${version}): parameters, request bodies, responses and authentication, with an interactive explorer.`;

export interface ApiRouteData extends PageVersions {
  page: ContentRouteData["page"];
  /** The spec's own title (info.title): "Smriti API". */
  specTitle: string;
  /** The spec's own version (info.version): "24.05.08", "24.06.24". */
  specVersion: string;
  operationCount: number;
  specServers: string[];
  /** The spec downloads of this version; the explorer loads the JSON one. */
  specYamlUrl: string;
  specJsonUrl: string;
}

/** The version an /api address names: none is the current release; "/api/<id>" any other version with a spec. */
export function apiVersion(param: string | undefined): VersionContent | { redirect: string } | null {
  const content = getSiteContent();
  const current = currentVersion(content);
  if (param === undefined) return current;
  // The current release named by its id: its address is /api (until another release is cut).
  if (param === current.version.id) return { redirect: current.version.apiUrl };
  return content.versions.find((entry) => entry.version.id === param && entry.api) ?? null;
}

/** What /api and /api/<version> show: the introduction and every operation, rendered at build time. */
export function apiRouteData(entry: VersionContent): ApiRouteData | null {
  const content = getSiteContent();
  const { api, version } = entry;
  if (!api) return null;
  const intro = (entry.partials["api-introduction"] ?? content.partials["api-introduction"])?.html ?? "";
  return {
    page: {
      url: version.apiUrl,
      title: version.status === "current" ? "API Reference" : `API Reference (${version.label})`,
      description: description(getSiteConfig().brand, api.version, version.status === "next"),
      kind: "page",
      // One block: the introduction, then every operation. The hydration payload
      // leaves it out (app/http/hydration.server.ts); the explorer hides the list part.
      html: `<div class="api-intro">${intro}</div><div class="api-operations">${api.html}</div>`,
    },
    specTitle: api.title,
    specVersion: api.version,
    operationCount: api.operationCount,
    specServers: api.servers,
    specYamlUrl: `${version.specBase}/openapi.yaml`,
    specJsonUrl: `${version.specBase}/openapi.json`,
    ...versionLinks(content, entry, version.apiUrl, (url, other) => other.api !== null && url === other.version.apiUrl),
  };
}
