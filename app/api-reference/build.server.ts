import { readFileSync } from "node:fs";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { parse as parseYaml } from "yaml";
import { tagAnchor, tagPageUrl, tagSlug } from "~/api-reference/addresses";
import { OperationIndex, TagOperations } from "~/components/api/OperationList";
import { markdownAsText, markdownToHtml } from "./markdown.server";
import { ApiDocumentError, buildApiReference, type ApiReference } from "./operations";
import type { ApiPageContent, ApiTagPageContent } from "./types";

export interface BuiltApiReference {
  page: ApiPageContent;
  reference: ApiReference;
}

function tagPages(reference: ApiReference, apiUrl: string): ApiTagPageContent[] {
  const seen = new Map<string, string>();
  return reference.groups.map((group) => {
    const slug = tagSlug(group.tag);
    const url = tagPageUrl(apiUrl, group.tag);
    if (slug === "") throw new ApiDocumentError(`the tag "${group.tag}" has no letter or digit to make its page address from`);
    const other = seen.get(slug);
    if (other !== undefined) throw new ApiDocumentError(`the tags "${other}" and "${group.tag}" would share the page ${url}`);
    seen.set(slug, group.tag);
    return {
      tag: group.tag,
      slug,
      url,
      summary: markdownAsText(group.description),
      operationCount: group.operations.length,
      html: renderToStaticMarkup(createElement(TagOperations, { reference, group, apiUrl, markdown: markdownToHtml })),
      anchors: group.operations.map((operation) => operation.anchor),
    };
  });
}

/**
 * Reads one version's spec (spec/openapi.yaml, spec/next/openapi.yaml) once at
 * build time and produces what the server needs for the reference at
 * `apiUrl`: the overview's operation index and a page per tag as HTML, their
 * anchors (for link checks and deep links) and the spec as YAML and JSON for
 * download. One page per tag keeps every page light enough for a phone
 * (docs/decisions/023-api-reference-by-tag.md).
 */
export function buildApiReferencePage(specPath: string, apiUrl: string): BuiltApiReference {
  const yaml = readFileSync(specPath, "utf8");
  const document: unknown = parseYaml(yaml);
  const reference = buildApiReference(document);
  const html = renderToStaticMarkup(createElement(OperationIndex, { reference, apiUrl, markdown: markdownToHtml }));
  const anchors = [
    "operations",
    ...reference.groups.flatMap((group) => [tagAnchor(group.tag), ...group.operations.map((operation) => operation.anchor)]),
  ];
  return {
    reference,
    page: {
      title: reference.title,
      version: reference.version,
      operationCount: reference.operationCount,
      servers: reference.servers.map((server) => server.url),
      html,
      anchors,
      tags: tagPages(reference, apiUrl),
      specYaml: yaml,
      specJson: JSON.stringify(document, null, 2),
    },
  };
}
