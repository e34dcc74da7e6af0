import { readFileSync } from "node:fs";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { micromark } from "micromark";
import { gfm, gfmHtml } from "micromark-extension-gfm";
import { parse as parseYaml } from "yaml";
import { OperationList, tagAnchor } from "~/components/api/OperationList";
import { buildApiReference, type ApiReference } from "./operations";
import type { ApiPageContent } from "./types";

/** CommonMark + GFM to HTML. Raw HTML in the spec is escaped, not passed through. */
function markdown(text: string): string {
  return micromark(text, { extensions: [gfm()], htmlExtensions: [gfmHtml()] });
}

export interface BuiltApiReference {
  page: ApiPageContent;
  reference: ApiReference;
}

/**
 * Reads one version's spec (spec/openapi.yaml, spec/next/openapi.yaml) once at
 * build time and produces what the server needs: the operation list as HTML,
 * its anchors (for link checks and deep links) and the spec as YAML and JSON
 * for download.
 */
export function buildApiReferencePage(specPath: string): BuiltApiReference {
  const yaml = readFileSync(specPath, "utf8");
  const document: unknown = parseYaml(yaml);
  const reference = buildApiReference(document);
  const html = renderToStaticMarkup(createElement(OperationList, { reference, markdown }));
  const anchors = [
    "api-sections",
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
      specYaml: yaml,
      specJson: JSON.stringify(document, null, 2),
    },
  };
}
