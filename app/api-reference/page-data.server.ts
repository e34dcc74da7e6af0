import { getSiteConfig } from "~/config.server";
import { apiPageHtmlBytes } from "~/content/api-records.server";
import { currentVersion } from "~/content/site-versions";
import { findPartial, getSiteContent, isApiPage, throwLiveProblems } from "~/content/store.server";
import { DESCRIPTION_LENGTH, fitDescription } from "~/content/summary.server";
import type { VersionContent } from "~/content/types";
import type { ContentRouteData, PageLink, PageVersions } from "~/docs/route-data";
import { versionLinks } from "~/docs/version-links.server";
import type { PageBody } from "~/http/page-body.server";
import { explorerScriptUrl } from "./explorer-script.server";
import type { ApiNavTag } from "./build/navigation";
import type { ApiTagPageContent } from "./types";

export interface ApiRouteData extends PageVersions {
  page: ContentRouteData["page"];
  /** The page's heading: "API Reference" on the overview, the tag ("Albums") on a tag's page. */
  heading: string;
  /** On a tag's page, the way back to the overview. */
  overview: PageLink | null;
  /** The spec's own title (info.title): "Smriti API". */
  specTitle: string;
  /** The spec's own version (info.version): "24.05.08", "24.06.24". */
  specVersion: string;
  /** Operations on this page: all of them on the overview, the tag's on a tag's page. */
  operationCount: number;
  specServers: string[];
  /** The spec downloads of this version; the explorer loads the JSON one. */
  specYamlUrl: string;
  specJsonUrl: string;
  /** RapiDoc's own file, loaded when the reader opens the explorer; null when the build has none. */
  explorerScriptUrl: string | null;
  /** The reference's tags and their calls, for the navigation beside the page (components/api/ApiSidebar). */
  navigation: ApiNavTag[];
}

/** What an /api address names: a version's reference, and on it the overview (tag null) or one tag's page. */
export interface ApiAddress {
  entry: VersionContent;
  tag: ApiTagPageContent | null;
}

/** A page of a version's reference below its overview: a tag's page, or the models page. */
const tagOf = (entry: VersionContent, slug: string) =>
  entry.api?.tags.find((tag) => tag.slug === slug) ?? (entry.api?.models.slug === slug ? entry.api.models : null);

/** Where an /api address leads instead: for good (`permanent`) or until the next release. */
export interface ApiRedirect {
  redirect: string;
  permanent?: boolean;
}

/**
 * Reads the address: "/api" (no parts), "/api/<x>" where x is another version
 * or a tag of the current release, "/api/<version>/<tag>". The current
 * release named by its id redirects to its own address, and an address in
 * other capitals ("/api/Albums") to the page it names, for good: versions and
 * tags are written in lower case. Null: no such page.
 */
export function apiAddress(first: string | undefined, second: string | undefined): ApiAddress | ApiRedirect | null {
  const found = addressAsWritten(first, second);
  if (found || !/[A-Z]/.test(`${first ?? ""}/${second ?? ""}`)) return found;
  const named = addressAsWritten(first?.toLowerCase(), second?.toLowerCase());
  if (!named) return null;
  return {
    redirect: "redirect" in named ? named.redirect : (named.tag?.url ?? named.entry.version.apiUrl),
    permanent: true,
  };
}

function addressAsWritten(first: string | undefined, second: string | undefined): ApiAddress | ApiRedirect | null {
  const content = getSiteContent();
  const current = currentVersion(content);
  // Development: a broken spec shows its mistake on its version's API pages, and only there.
  const named = content.versions.find((entry) => entry.version.id === first);
  throwLiveProblems(`api:${(named ?? current).version.id}`);
  if (first === undefined) return { entry: current, tag: null };
  if (first === current.version.id) {
    if (second === undefined) return { redirect: current.version.apiUrl };
    // Only to a page that exists: the address part is the reader's, the slug is ours.
    const tag = tagOf(current, second);
    return tag ? { redirect: tag.url } : null;
  }
  const other = content.versions.find((entry) => entry.version.id === first && entry.api);
  if (second === undefined) {
    if (other) return { entry: other, tag: null };
    const tag = tagOf(current, first);
    return tag ? { entry: current, tag } : null;
  }
  const tag = other ? tagOf(other, second) : null;
  return other && tag ? { entry: other, tag } : null;
}

/** `lead` and as many whole sentences of `text` as fit a description; at least the first, cut at a word when it alone is too long. */
function fitted(lead: string, text: string): string {
  let result = lead;
  for (const sentence of text.split(/(?<=[.!?])\s+/)) {
    const next = `${result}${sentence.trim()} `;
    if (next.trim().length > DESCRIPTION_LENGTH && result !== lead) break;
    result = next;
  }
  return fitDescription(result.trim());
}

function description(brand: string, entry: VersionContent, tag: ApiTagPageContent | null): string {
  const { api, version } = entry;
  const release = `${version.status === "next" ? "unreleased main branch, spec" : "release"} ${api?.version ?? ""}`;
  if (tag === entry.api?.models) return fitted(`Models of the ${brand} REST API (${release}): `, tag.summary);
  if (tag)
    return fitted(
      `${tag.tag}, ${brand} REST API (${release}): `,
      tag.summary || "parameters, request bodies and responses of its calls.",
    );
  return `Every call of the ${brand} REST API (${release}): base URL, authentication, errors and an index of the ${api?.operationCount ?? 0} operations, with an interactive explorer.`;
}

/** What an API reference page shows: the overview (introduction and operation index) or one tag's operations, rendered at build time. */
export function apiRouteData({ entry, tag }: ApiAddress): ApiRouteData | null {
  const content = getSiteContent();
  const { api, version } = entry;
  if (!api) return null;
  const reference = version.status === "current" ? "API Reference" : `API Reference (${version.label})`;
  const url = tag ? tag.url : version.apiUrl;
  return {
    page: {
      url,
      title: tag ? `${tag.tag} · ${reference}` : reference,
      description: description(getSiteConfig().brand, entry, tag),
      kind: "page",
      // Given apart (apiPageBody), and kept out of the route's data (app/http/page-body.server.ts).
      html: null,
    },
    heading: tag ? tag.tag : reference,
    overview: tag ? { label: reference, url: version.apiUrl } : null,
    specTitle: api.title,
    specVersion: api.version,
    operationCount: tag ? tag.operationCount : api.operationCount,
    specServers: api.servers,
    specYamlUrl: `${version.specBase}/openapi.yaml`,
    specJsonUrl: `${version.specBase}/openapi.json`,
    explorerScriptUrl: explorerScriptUrl(),
    navigation: api.navigation,
    // Known from the pack's index: reading every version's reference took 8 ms a version at each render.
    ...versionLinks(content, entry, url, (same, other) => isApiPage(other, same)),
    inApiReference: true,
  };
}

const OPERATIONS_OPEN = Buffer.from('<div class="api-operations">');
const OPERATIONS_CLOSE = Buffer.from("</div>");

/**
 * An API reference page's body: the overview's introduction and operation index, or a tag's
 * operations as the bytes the pack holds (163 KB on /api/albums), never made into a string on a first
 * view. The explorer hides the operations part while it is open.
 */
export function apiPageBody({ entry, tag }: ApiAddress): PageBody {
  if (tag) return [OPERATIONS_OPEN, apiPageHtmlBytes(tag), OPERATIONS_CLOSE];
  const intro = findPartial("api-introduction", entry.partials, getSiteContent().partials)?.html ?? "";
  return `<div class="api-intro">${intro}</div><div class="api-operations">${entry.api?.html ?? ""}</div>`;
}

/** The Markdown form of the API page at `path` ("/api", "/api/albums", "/api/next/models"), if there is one. */
export function apiMarkdown(path: string): { markdown: string } | undefined {
  const parts = path.split("/").filter(Boolean);
  if (parts[0] !== "api" || parts.length > 3) return undefined;
  const address = apiAddress(parts[1], parts[2]);
  if (!address || "redirect" in address) return undefined;
  const markdown = address.tag ? address.tag.markdown : address.entry.api?.markdown;
  return markdown ? { markdown } : undefined;
}
