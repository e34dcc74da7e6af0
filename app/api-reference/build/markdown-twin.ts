// The Markdown form of the API reference's pages (/api.md, /api/albums.md,
// Accept: text/markdown), as the guides have one: the same contract, fields,
// examples and a curl call for every operation, for llms.txt readers and
// tools. Written at build time from the view data.
import type { ApiField } from "./fields";
import type { ApiBody, ApiOperation, ApiReference, ApiTagGroup } from "./operations";
import { codeSamples } from "./samples";

const SECURITY: Record<ApiOperation["security"], string> = {
  none: "no authentication",
  bearer: "bearer token (JWT)",
  basic: "HTTP Basic (administrator)",
};

const oneLine = (text: string) => text.replace(/\s+/g, " ").trim();

const constraintsLine = (constraints: string[] | undefined) =>
  constraints ? ` Constraints: ${constraints.join("; ")}.` : "";

function fieldLines(fields: (ApiField & { default?: string })[], depth = 0): string[] {
  const pad = "  ".repeat(depth);
  return fields.flatMap((field) => {
    const marks = [
      field.type,
      field.required ? "required" : "optional",
      ...(field.nullable ? ["nullable"] : []),
      ...(field.readOnly ? ["read-only"] : []),
      ...(field.writeOnly ? ["write-only"] : []),
    ];
    const notes = [
      field.enum ? ` One of ${field.enum.map((value) => `\`${value}\``).join(", ")}.` : "",
      field.default === undefined ? "" : ` Default \`${field.default}\`.`,
      constraintsLine(field.constraints),
      field.example === undefined ? "" : ` Example \`${field.example}\`.`,
    ].join("");
    const line = `${pad}- \`${field.name}\` (${marks.join(", ")})${field.description ? `: ${oneLine(field.description)}` : ""}${notes}`;
    return [line, ...fieldLines(field.fields ?? [], depth + 1)];
  });
}

/** A body's lines; `about` is a request body's own description (a response's stands in its heading). */
function bodyLines(body: Partial<ApiBody>, modelsUrl: string, about = ""): string[] {
  const model = body.model ? ` ([${body.model}](${modelsUrl}#${body.model}))` : "";
  return [
    ...(about ? [oneLine(about), ""] : []),
    `${body.contentType ?? ""}${body.schemaName ? `, ${body.schemaName}` : ""}${model}${body.nullable ? " or null" : ""}${constraintsLine(body.constraints)}`,
    ...(body.fields?.length ? ["", ...fieldLines(body.fields)] : []),
    ...(body.example ? ["", "```json", body.example, "```"] : []),
  ];
}

function operationMarkdown(operation: ApiOperation, modelsUrl: string): string {
  const curl = codeSamples(operation).find((sample) => sample.language === "curl")?.code ?? "";
  const parts = [
    `## ${operation.method} ${operation.path}`,
    `**${operation.summary}** · ${SECURITY[operation.security]}`,
    ...(operation.description ? [operation.description.trim()] : []),
  ];
  if (operation.parameters.length) {
    parts.push(
      "### Parameters",
      operation.parameters.map((p) => fieldLines([{ ...p, type: `${p.type}, in ${p.in}` }])[0]).join("\n"),
    );
  }
  const request = operation.requestBody;
  if (request) parts.push("### Request body", bodyLines(request, modelsUrl, request.description).join("\n"));
  parts.push("### Responses");
  for (const response of operation.responses) {
    parts.push(`#### ${response.status}: ${oneLine(response.description)}`);
    if (response.contentType) parts.push(bodyLines(response, modelsUrl).join("\n"));
  }
  parts.push("### Example call (curl)", ["```bash", curl, "```"].join("\n"));
  return parts.join("\n\n");
}

/** A tag's page as Markdown. */
export function tagMarkdown(group: ApiTagGroup, title: string, modelsUrl: string): string {
  return (
    [
      `# ${title}`,
      ...(group.description ? [group.description.trim()] : []),
      ...group.operations.map((operation) => operationMarkdown(operation, modelsUrl)),
    ].join("\n\n") + "\n"
  );
}

/** The overview as Markdown: the spec's introduction and an index of every call, linking each tag's page. */
export function overviewMarkdown(
  reference: ApiReference,
  title: string,
  tagUrl: (tag: string) => string,
  modelsUrl: string,
): string {
  const index = reference.groups.map(
    (group) =>
      `## [${group.tag}](${tagUrl(group.tag)}.md)\n\n${group.operations.map((op) => `- \`${op.method} ${op.path}\`: ${op.summary}`).join("\n")}`,
  );
  return [`# ${title}`, reference.description.trim(), ...index, `## [Models](${modelsUrl}.md)`].join("\n\n") + "\n";
}

/** The models page as Markdown. */
export function modelsMarkdown(reference: ApiReference, title: string): string {
  const models = reference.models.map((model) =>
    [
      `## ${model.name}`,
      ...(model.description ? [oneLine(model.description)] : []),
      ...(model.nullable ? ["May be null instead of an object."] : []),
      ...(model.constraints ? [constraintsLine(model.constraints).trim()] : []),
      ...(model.fields.length ? [fieldLines(model.fields).join("\n")] : []),
      ...(model.example ? [["```json", model.example, "```"].join("\n")] : []),
    ].join("\n\n"),
  );
  return [`# ${title}`, ...models].join("\n\n") + "\n";
}
