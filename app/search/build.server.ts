import MiniSearch from "minisearch";
import type { ApiReference } from "~/api-reference/operations";
import { markdownAsText } from "~/api-reference/markdown.server";
import { tagPageUrl } from "~/api-reference/addresses";
import { categoryTrail } from "~/content/navigation.server";
import type { CompiledPage, NavItem } from "~/content/types";
import type { DocsVersion } from "~/content/versions";
import { INDEX_OPTIONS, SEARCH_INDEX_FORMAT, type IndexedFields } from "./index-options";
import type { SearchDocument, SearchIndexData } from "./types";

const API_TITLE = "API Reference";
const TRAIL_SEPARATOR = " › ";

/** Snippets are cut from single-line text; collapsing here saves it on every query. */
const oneLine = (text: string) => text.replace(/\s+/g, " ").trim();

interface Entry {
  display: SearchDocument;
  indexed: Omit<IndexedFields, "id">;
}

function guideEntries(page: CompiledPage, navigation: NavItem[], version: string): Entry[] {
  const trail = (categoryTrail(navigation, page.slug) ?? []).join(TRAIL_SEPARATOR);
  return page.sections.map((section, i) => ({
    display: {
      kind: "guide",
      version,
      url: section.id ? `${page.url}#${section.id}` : page.url,
      group: page.url,
      title: page.title,
      trail,
      heading: section.heading,
      endpoint: "",
      text: oneLine(section.text),
      code: oneLine(section.code),
    },
    indexed: {
      title: page.title,
      heading: section.heading,
      endpoint: "",
      description: i === 0 ? page.description : "",
      text: section.text,
      code: section.code,
    },
  }));
}

function apiEntries(api: ApiReference, version: DocsVersion): Entry[] {
  const apiUrl = version.apiUrl;
  const page = (url: string, heading: string, description: string): Entry => {
    const text = markdownAsText(description);
    return {
      display: {
        kind: "api",
        version: version.id,
        url,
        group: apiUrl,
        title: API_TITLE,
        trail: "",
        heading,
        endpoint: "",
        text,
        code: "",
      },
      indexed: { title: API_TITLE, heading, endpoint: "", description: "", text, code: "" },
    };
  };
  return [
    page(apiUrl, "", api.description),
    ...api.groups.flatMap((group) => [
      page(tagPageUrl(apiUrl, group.tag), group.tag, group.description),
      ...group.operations.map((operation): Entry => {
        const url = `${tagPageUrl(apiUrl, group.tag)}#${operation.anchor}`;
        const endpoint = `${operation.method} ${operation.path}`;
        const text = markdownAsText(operation.description);
        const names = [
          ...operation.parameters.map((p) => p.name),
          ...(operation.requestBody?.fields.map((f) => f.name) ?? []),
          ...operation.responses.flatMap((r) => [
            ...(r.model ? [r.model] : []),
            ...(r.fields?.map((f) => f.name) ?? []),
          ]),
        ].join(" ");
        return {
          display: {
            kind: "api",
            version: version.id,
            url,
            group: url,
            title: operation.summary || endpoint,
            trail: `${API_TITLE}${TRAIL_SEPARATOR}${group.tag}`,
            heading: "",
            endpoint,
            text,
            code: "",
          },
          indexed: {
            title: "",
            heading: `${operation.summary} ${group.tag}`,
            endpoint,
            description: "",
            text,
            code: names,
          },
        };
      }),
    ]),
    ...api.models.map((model): Entry => {
      const url = `${apiUrl}/models#${model.name}`;
      const text = markdownAsText(model.description);
      const code = [model.name, ...model.fields.map((field) => field.name)].join(" ");
      return {
        display: {
          kind: "api",
          version: version.id,
          url,
          group: url,
          title: model.name,
          trail: `${API_TITLE}${TRAIL_SEPARATOR}Models`,
          heading: "",
          endpoint: "",
          text,
          code: "",
        },
        indexed: { title: model.name, heading: "Models", endpoint: "", description: "", text, code },
      };
    }),
  ];
}

export interface IndexedVersion {
  version: DocsVersion;
  navigation: NavItem[];
  reference: ApiReference | null;
}

/**
 * The full-text index of every docs page (by section) and every API operation
 * of every version, built with the content, one index per version; each
 * document names its version. Standalone pages (the Markdown showcase) and
 * partials are not indexed: they are not answers a reader is looking for.
 */
export function buildSearchIndex(input: { pages: CompiledPage[]; versions: IndexedVersion[] }): SearchIndexData {
  const parts = input.versions.map(({ version, navigation, reference }) => {
    const entries = [
      ...input.pages
        .filter((page) => page.kind === "doc" && page.version === version.id)
        .flatMap((page) => guideEntries(page, navigation, version.id)),
      ...(reference ? apiEntries(reference, version) : []),
    ];
    const index = new MiniSearch<IndexedFields>(INDEX_OPTIONS);
    index.addAll(entries.map((entry, id) => ({ id, ...entry.indexed })));
    return { version: version.id, entries, index: index.toJSON() };
  });
  return {
    format: SEARCH_INDEX_FORMAT,
    documents: parts.flatMap((part) => part.entries.map((entry) => entry.display)),
    versions: parts.map(({ version, entries, index }) => ({ version, count: entries.length, index })),
  };
}
