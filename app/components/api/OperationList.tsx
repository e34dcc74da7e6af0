import { tagAnchor, tagPageUrl } from "~/api-reference/addresses";
import type {
  ApiBody,
  ApiOperation,
  ApiReference,
  ApiResponse,
  ApiTagGroup,
  SecurityKind,
} from "~/api-reference/build/operations";
import type { SampleLanguage } from "~/api-reference/build/samples";
import { Constraints, FieldList, inlineHtml, TypeName, type Markdown } from "./FieldList";
import { CodeValue } from "~/components/CodeValue";

// Rendered once at build time from the spec (app/api-reference/build/build.server.ts):
// the overview's operation index and one page per tag. Descriptions are
// Markdown turned into HTML by `markdown`.

const SECURITY_LABEL: Record<SecurityKind, string> = {
  none: "No authentication",
  bearer: "Bearer token (JWT)",
  basic: "HTTP Basic (administrator)",
};

/** A call's code, highlighted at build time (app/api-reference/build/build.server.ts), by operation anchor. */
export interface OperationCode {
  samples: { language: SampleLanguage; label: string; html: string }[];
  /** The request body's JSON example. */
  request?: string;
  /** Each JSON response's example, by status. */
  responses: Record<string, string>;
}

export interface RenderContext {
  markdown: Markdown;
  modelsUrl: string;
  code: Map<string, OperationCode>;
}

/** Language tabs as radio buttons: CSS shows the checked one's panel, so they work without JavaScript. */
function Samples({ anchor, samples }: { anchor: string; samples: OperationCode["samples"] }) {
  return (
    <div className="api-samples">
      <fieldset className="api-tabs">
        <legend className="sr-only">Code sample language</legend>
        {samples.map((sample, i) => (
          <span key={sample.language}>
            <input
              type="radio"
              name={`sample-${anchor}`}
              id={`${anchor}-${sample.language}`}
              value={sample.language}
              data-sample-language
              defaultChecked={i === 0}
            />
            <label htmlFor={`${anchor}-${sample.language}`}>{sample.label}</label>
          </span>
        ))}
      </fieldset>
      {samples.map((sample) => (
        <div
          key={sample.language}
          className="api-sample"
          data-sample={sample.language}
          dangerouslySetInnerHTML={{ __html: sample.html }}
        />
      ))}
    </div>
  );
}

function BodyLine({
  body,
  modelsUrl,
  markdown,
  required,
}: {
  body: ApiBody;
  modelsUrl: string;
  markdown: Markdown;
  required?: boolean;
}) {
  return (
    <>
      <p className="api-body-line">
        {body.contentType}
        {body.schemaName ? (
          <>
            {", "}
            <TypeName type={body.schemaName} model={body.model} modelsUrl={modelsUrl} />
          </>
        ) : null}
        {body.nullable ? " or null" : ""}
        {required ? ", required" : ""}
      </p>
      {body.constraints ? <Constraints phrases={body.constraints} markdown={markdown} /> : null}
    </>
  );
}

function Response({ response, context }: { response: ApiResponse; context: RenderContext }) {
  const fields = { markdown: context.markdown, modelsUrl: context.modelsUrl, direction: "response" as const };
  return (
    <li className="api-response">
      <div className="api-response-head">
        <code className={`api-status api-status-${response.status.charAt(0)}`}>{response.status}</code>{" "}
        <span dangerouslySetInnerHTML={{ __html: inlineHtml(context.markdown, response.description) }} />
      </div>
      {response.contentType ? (
        <BodyLine
          body={{ contentType: response.contentType, fields: [], ...response }}
          modelsUrl={context.modelsUrl}
          markdown={context.markdown}
        />
      ) : null}
      {response.fields?.length ? (
        <FieldList fields={response.fields} context={fields} label={`Fields of the ${response.status} response`} />
      ) : null}
    </li>
  );
}

function Examples({ operation, code }: { operation: ApiOperation; code: OperationCode }) {
  const statuses = operation.responses.filter((response) => code.responses[response.status] !== undefined);
  return (
    <>
      {code.request ? (
        <>
          <h3>Example request body</h3>
          <div dangerouslySetInnerHTML={{ __html: code.request }} />
        </>
      ) : null}
      {statuses.length ? <h3>Example responses</h3> : null}
      {statuses.map((response, i) => (
        // The first (a success) is open; the errors are a click away.
        <details key={response.status} className="api-example" open={i === 0}>
          <summary>
            <code>{response.status}</code> {response.contentType}
          </summary>
          <div dangerouslySetInnerHTML={{ __html: code.responses[response.status] ?? "" }} />
        </details>
      ))}
    </>
  );
}

function Operation({ operation, context }: { operation: ApiOperation; context: RenderContext }) {
  const { markdown, modelsUrl } = context;
  const code = context.code.get(operation.anchor);
  const body = operation.requestBody;
  return (
    // Unnamed on purpose: a name would make every operation a landmark region and cost
    // an id pair each; its heading is how a screen reader moves between them.
    <section id={operation.anchor} className="api-operation">
      <h2>
        <MethodAndPath operation={operation} />
        {operation.deprecated ? <span className="api-deprecated"> deprecated</span> : null}
      </h2>
      <div className="api-columns">
        <div className="api-main">
          <p>
            <strong>{operation.summary}</strong> · {SECURITY_LABEL[operation.security]}
          </p>
          {operation.description ? <div dangerouslySetInnerHTML={{ __html: markdown(operation.description) }} /> : null}
          {operation.parameters.length ? (
            <>
              <h3>Parameters</h3>
              <FieldList
                fields={operation.parameters}
                context={{ markdown, modelsUrl, direction: "request" }}
                label="Parameters"
              />
            </>
          ) : null}
          {body ? (
            <>
              <h3>Request body</h3>
              {body.description ? <div dangerouslySetInnerHTML={{ __html: markdown(body.description) }} /> : null}
              <BodyLine body={body} modelsUrl={modelsUrl} markdown={markdown} required={body.required} />
              {body.fields.length ? (
                <FieldList
                  fields={body.fields}
                  context={{ markdown, modelsUrl, direction: "request" }}
                  label="Body fields"
                />
              ) : null}
            </>
          ) : null}
          <h3>Responses</h3>
          <ul className="api-responses">
            {operation.responses.map((response) => (
              <Response key={response.status} response={response} context={context} />
            ))}
          </ul>
        </div>
        {code ? (
          <div className="api-aside">
            <h3 className="sr-only">Code</h3>
            <Samples anchor={operation.anchor} samples={code.samples} />
            <Examples operation={operation} code={code} />
          </div>
        ) : null}
      </div>
    </section>
  );
}

function MethodAndPath({ operation }: { operation: ApiOperation }) {
  return (
    <>
      <span className={`api-method api-method-${operation.method.toLowerCase()}`}>{operation.method}</span>{" "}
      <CodeValue value={operation.path} />
    </>
  );
}

/** One operation on one line: method and path linking to its description, then its summary. */
function IndexLine({ operation, href, id }: { operation: ApiOperation; href: string; id?: string }) {
  return (
    <li id={id}>
      <a href={href}>
        <MethodAndPath operation={operation} />
      </a>{" "}
      {operation.summary}
      {operation.deprecated ? <span className="api-deprecated"> deprecated</span> : null}
    </li>
  );
}

/**
 * The overview's index: every operation of every tag on one line, under the
 * same id the full description has on its tag's page, so an old deep link
 * (/api#get-/v1/albums) still lands next to a link to it.
 */
export function OperationIndex({
  reference,
  apiUrl,
  markdown,
}: {
  reference: ApiReference;
  apiUrl: string;
  markdown: Markdown;
}) {
  return (
    <>
      <h2 id="operations">Operations</h2>
      {reference.groups.map((group) => {
        const url = tagPageUrl(apiUrl, group.tag);
        return (
          <section key={group.tag} aria-labelledby={tagAnchor(group.tag)}>
            <h3 id={tagAnchor(group.tag)}>
              <a href={url}>{group.tag}</a>
            </h3>
            {group.description ? <div dangerouslySetInnerHTML={{ __html: markdown(group.description) }} /> : null}
            <ul className="api-index">
              {group.operations.map((operation) => (
                <IndexLine
                  key={operation.anchor}
                  operation={operation}
                  href={`${url}#${operation.anchor}`}
                  id={operation.anchor}
                />
              ))}
            </ul>
          </section>
        );
      })}
    </>
  );
}

/** Links to every tag's page, the one shown marked as current. */
function TagNavigation({
  reference,
  apiUrl,
  current,
}: {
  reference: ApiReference;
  apiUrl: string;
  current: ApiTagGroup;
}) {
  return (
    <nav aria-label="API sections">
      <ul className="api-section-list">
        <li>
          <a href={apiUrl}>Overview</a>
        </li>
        {reference.groups.map((group) => (
          <li key={group.tag}>
            <a href={tagPageUrl(apiUrl, group.tag)} aria-current={group === current ? "page" : undefined}>
              {group.tag}
            </a>{" "}
            ({group.operations.length})
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** The previous and next tag in the spec's order, as the docs pages link theirs. */
function TagPagination({
  reference,
  apiUrl,
  current,
}: {
  reference: ApiReference;
  apiUrl: string;
  current: ApiTagGroup;
}) {
  const index = reference.groups.indexOf(current);
  const previous = reference.groups[index - 1];
  const next = reference.groups[index + 1];
  return (
    <nav aria-label="Previous and next sections" className="api-pagination">
      {previous ? (
        <a href={tagPageUrl(apiUrl, previous.tag)} rel="prev">
          « {previous.tag}
        </a>
      ) : (
        <a href={apiUrl} rel="prev">
          « Overview
        </a>
      )}
      {next ? (
        <a href={tagPageUrl(apiUrl, next.tag)} rel="next">
          {next.tag} »
        </a>
      ) : null}
    </nav>
  );
}

/**
 * One tag's page: its description and every operation in full, as plain HTML:
 * what readers without JavaScript and search engines get, and what the
 * interactive explorer replaces once it has loaded.
 */
export function TagOperations({
  reference,
  group,
  apiUrl,
  context,
}: {
  reference: ApiReference;
  group: ApiTagGroup;
  apiUrl: string;
  context: RenderContext;
}) {
  const { markdown } = context;
  return (
    <>
      <TagNavigation reference={reference} apiUrl={apiUrl} current={group} />
      {group.description ? <div dangerouslySetInnerHTML={{ __html: markdown(group.description) }} /> : null}
      <nav aria-label="On this page">
        <ul className="api-index">
          {group.operations.map((operation) => (
            <IndexLine key={operation.anchor} operation={operation} href={`#${operation.anchor}`} />
          ))}
        </ul>
      </nav>
      {group.operations.map((operation) => (
        <Operation key={operation.anchor} operation={operation} context={context} />
      ))}
      <TagPagination reference={reference} apiUrl={apiUrl} current={group} />
    </>
  );
}
