import { readFileSync } from "node:fs";
import { createElement, Fragment } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { tagAnchor, tagPageUrl, tagSlug } from "~/api-reference/addresses";
import { ModelsPage } from "~/components/api/ModelsPage";
import { INTRODUCTION_ANCHORS, SpecIntroduction } from "~/components/api/SpecIntroduction";
import { OperationIndex, TagOperations, type OperationCode, type RenderContext } from "~/components/api/OperationList";
import { highlightCode, tokenStyles } from "./highlight.server";
import { markdownAsText, markdownToHtml } from "./markdown.server";
import { modelsMarkdown, overviewMarkdown, tagMarkdown } from "./markdown-twin";
import { ApiDocumentError, buildApiReference, type ApiOperation, type ApiReference } from "./operations";
import { apiNavigation } from "./navigation";
import { readSpec } from "./spec-check.server";
import { codeSamples, SAMPLE_LANGUAGES } from "./samples";
import type { ApiPageContent, ApiTagPageContent } from "../types";

export interface BuiltApiReference {
  page: ApiPageContent;
  reference: ApiReference;
}

/** The part of a version's API address that holds its models: /api/models, /api/next/models. */
export const MODELS_SLUG = "models";

/**
 * JSON examples are shown as plain text: their token colours took the
 * heaviest tag page (Next's Explore) from 17 to 40 KB gzipped, at the 40 KB
 * budget; JSON reads well without them. The code samples are highlighted.
 */
const EXAMPLE_GRAMMAR = "text";

/** Every call's code samples and JSON examples, highlighted like the guides' code blocks. */
async function operationCode(operations: ApiOperation[]): Promise<Map<string, OperationCode>> {
  const grammar = new Map(SAMPLE_LANGUAGES.map((language) => [language.id, language]));
  const entries = await Promise.all(
    operations.map(async (operation): Promise<[string, OperationCode]> => {
      const samples = await Promise.all(
        codeSamples(operation).map(async ({ language, code }) => {
          const meta = grammar.get(language)!;
          return { language, label: meta.label, html: await highlightCode(code, meta.grammar) };
        }),
      );
      const request = operation.requestBody?.example;
      const responses: Record<string, string> = {};
      for (const response of operation.responses) {
        if (response.example !== undefined)
          responses[response.status] = await highlightCode(response.example, EXAMPLE_GRAMMAR);
      }
      return [
        operation.anchor,
        {
          samples,
          ...(request === undefined ? {} : { request: await highlightCode(request, EXAMPLE_GRAMMAR) }),
          responses,
        },
      ];
    }),
  );
  return new Map(entries);
}

const withTokenStyles = (html: string) => `${tokenStyles(html)}${html}`;

async function modelsPage(reference: ApiReference, apiUrl: string): Promise<ApiTagPageContent> {
  const url = `${apiUrl}/${MODELS_SLUG}`;
  const examples: Record<string, string> = {};
  for (const model of reference.models)
    if (model.example !== undefined) examples[model.name] = await highlightCode(model.example, EXAMPLE_GRAMMAR);
  return {
    tag: "Models",
    slug: MODELS_SLUG,
    url,
    summary: `Every object the ${reference.title} sends and returns (${reference.models.length} models), with all their fields and the calls that use them.`,
    operationCount: 0,
    html: withTokenStyles(
      renderToStaticMarkup(
        createElement(ModelsPage, { reference, apiUrl, modelsUrl: url, markdown: markdownToHtml, examples }),
      ),
    ),
    anchors: reference.models.map((model) => model.name),
    markdown: modelsMarkdown(reference, `Models · ${reference.title} ${reference.version}`),
  };
}

function tagPages(reference: ApiReference, apiUrl: string, context: RenderContext): ApiTagPageContent[] {
  const seen = new Map<string, string>();
  return reference.groups.map((group) => {
    const slug = tagSlug(group.tag);
    const url = tagPageUrl(apiUrl, group.tag);
    if (slug === MODELS_SLUG)
      throw new ApiDocumentError(`the tag "${group.tag}" would take the address of the models page ${url}`);
    if (slug === "")
      throw new ApiDocumentError(`the tag "${group.tag}" has no letter or digit to make its page address from`);
    const other = seen.get(slug);
    if (other !== undefined)
      throw new ApiDocumentError(`the tags "${other}" and "${group.tag}" would share the page ${url}`);
    seen.set(slug, group.tag);
    return {
      tag: group.tag,
      slug,
      url,
      summary: markdownAsText(group.description),
      operationCount: group.operations.length,
      html: withTokenStyles(renderToStaticMarkup(createElement(TagOperations, { reference, group, apiUrl, context }))),
      anchors: group.operations.map((operation) => operation.anchor),
      markdown: tagMarkdown(group, `${group.tag} · ${reference.title} ${reference.version}`, context.modelsUrl),
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
export async function buildApiReferencePage(
  specPath: string,
  apiUrl: string,
  specFile = specPath,
): Promise<BuiltApiReference> {
  const yaml = readFileSync(specPath, "utf8");
  const document = readSpec(yaml, specFile);
  const reference = buildApiReference(document);
  const code = await operationCode(reference.groups.flatMap((group) => group.operations));
  const context: RenderContext = { markdown: markdownToHtml, modelsUrl: `${apiUrl}/${MODELS_SLUG}`, code };
  const html = renderToStaticMarkup(
    createElement(Fragment, null, [
      createElement(SpecIntroduction, { key: "introduction", reference, markdown: markdownToHtml }),
      createElement(OperationIndex, { key: "index", reference, apiUrl, markdown: markdownToHtml }),
    ]),
  );
  const anchors = [
    ...INTRODUCTION_ANCHORS,
    "operations",
    ...reference.groups.flatMap((group) => [
      tagAnchor(group.tag),
      ...group.operations.map((operation) => operation.anchor),
    ]),
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
      markdown: overviewMarkdown(
        reference,
        `${reference.title} ${reference.version}`,
        (tag) => tagPageUrl(apiUrl, tag),
        context.modelsUrl,
      ),
      tags: tagPages(reference, apiUrl, context),
      models: await modelsPage(reference, apiUrl),
      navigation: apiNavigation(reference, apiUrl),
      specYaml: yaml,
      specJson: JSON.stringify(document, null, 2),
    },
  };
}
